import { beforeAll, describe, expect, it } from "vitest";
import { GET as sharedMemories } from "@/app/api/memories/shared/route";
import { GET as ownSubmissions } from "@/app/api/questionnaires/[id]/submissions/route";
import { PATCH as toggleSubmission } from "@/app/api/questionnaires/submissions/[id]/toggle-shared/route";
import { GET as sharedSubmissions } from "@/app/api/questionnaires/submissions/shared/route";
import { createFamilies, type TestAccount } from "../helpers/accounts";
import { call, type ApiResult } from "../helpers/api";
import { createMemoryAs } from "../helpers/memories";
import { answer, createCustomQuestionnaire } from "../helpers/questionnaires";

// The Family Book's member filter: "All Family" or one relative, on shared memories and answers.

let owner: TestAccount;
let relative: TestAccount;
let stranger: TestAccount;

const shareMemory = (account: TestAccount, title: string, memory_date: string) => createMemoryAs(account.token, { title, memory_date, is_shared: "true" });

beforeAll(async () => {
  ({ owner, relative, stranger } = await createFamilies());
  await shareMemory(owner, "Owner's wedding", "1970-06-01");
  await shareMemory(relative, "Relative's first bike", "1995-04-02");
  await createMemoryAs(owner.token, { title: "Owner's private notes", memory_date: "1980-01-01" });
  await shareMemory(stranger, "Stranger's holiday", "2000-08-08");

  const questionnaire = await createCustomQuestionnaire(owner, { allow_multiple_responses: true });
  const strangersQuestionnaire = await createCustomQuestionnaire(stranger);
  for (const [account, form, text] of [
    [owner, questionnaire, "Owner answered"],
    [relative, questionnaire, "Relative answered"],
    [stranger, strangersQuestionnaire, "Stranger answered"],
  ] as const) {
    expect((await answer(account, [{ question_id: form.questionIds[0]!, answer_text: text }])).status).toBe(201);
  }
  // Share every submission through the API, as the completed page does.
  for (const [account, form] of [
    [owner, questionnaire],
    [relative, questionnaire],
    [stranger, strangersQuestionnaire],
  ] as const) {
    const list = await call(ownSubmissions, `/api/questionnaires/${form.id}/submissions`, { token: account.token, params: { id: form.id } });
    for (const submission of list.body.data.submissions as { id: string }[]) {
      const shared = await call(toggleSubmission, `/api/questionnaires/submissions/${submission.id}/toggle-shared`, {
        method: "PATCH",
        token: account.token,
        params: { id: submission.id },
        body: { is_shared: true },
      });
      expect(shared.status).toBe(200);
    }
  }
}, 60_000);

const titles = (result: ApiResult) => (result.body.data.memories as { title: string }[]).map((memory) => memory.title);
const answers = (result: ApiResult) =>
  (result.body.data.submissions as { responses: { answer_text: string }[] }[]).flatMap((submission) =>
    submission.responses.map((response) => response.answer_text),
  );

describe("the Family Book feeds", () => {
  it("show the whole family's shared memories and answers, newest first, and nothing else", async () => {
    const memories = await call(sharedMemories, "/api/memories/shared", { token: relative.token });
    expect(titles(memories)).toEqual(["Relative's first bike", "Owner's wedding"]);
    const submissions = await call(sharedSubmissions, "/api/questionnaires/submissions/shared", { token: relative.token });
    expect(answers(submissions).sort()).toEqual(["Owner answered", "Relative answered"]);
  });

  it("filter both feeds to one relative", async () => {
    const memories = await call(sharedMemories, `/api/memories/shared?member=${owner.user.id}`, { token: relative.token });
    expect(titles(memories)).toEqual(["Owner's wedding"]);
    const submissions = await call(sharedSubmissions, `/api/questionnaires/submissions/shared?member=${relative.user.id}`, { token: owner.token });
    expect(answers(submissions)).toEqual(["Relative answered"]);
  });

  it("show nothing when filtered to someone of another family", async () => {
    const memories = await call(sharedMemories, `/api/memories/shared?member=${stranger.user.id}`, { token: owner.token });
    expect(titles(memories)).toEqual([]);
    const submissions = await call(sharedSubmissions, `/api/questionnaires/submissions/shared?member=${stranger.user.id}`, { token: owner.token });
    expect(answers(submissions)).toEqual([]);
  });

  it("ignore a member filter that is not an id", async () => {
    const memories = await call(sharedMemories, "/api/memories/shared?member=everyone", { token: relative.token });
    expect(titles(memories)).toEqual(["Relative's first bike", "Owner's wedding"]);
  });
});
