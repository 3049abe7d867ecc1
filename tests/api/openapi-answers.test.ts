import { beforeAll, describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as refresh } from "@/app/api/auth/refresh/route";
import { POST as register } from "@/app/api/auth/register/route";
import { GET as coverPhotos } from "@/app/api/family-book/photos/route";
import { DELETE as closeInvite, GET as readInvite, POST as replaceInvite } from "@/app/api/family/invite/route";
import { DELETE as removeMember } from "@/app/api/family/members/[id]/route";
import { GET as lookUpInvite } from "@/app/api/invites/[code]/route";
import { DELETE as memoryDelete, GET as memoryRead, PUT as memoryUpdate } from "@/app/api/memories/[id]/route";
import { PATCH as toggleMemory } from "@/app/api/memories/[id]/toggle-shared/route";
import { POST as createMemory, GET as ownMemories } from "@/app/api/memories/route";
import { GET as sharedMemories } from "@/app/api/memories/shared/route";
import { POST as requestUpload } from "@/app/api/memories/uploads/route";
import { GET as profile } from "@/app/api/profiles/[id]/route";
import { GET as familyMembers } from "@/app/api/profiles/family-members/route";
import { GET as questions } from "@/app/api/questionnaires/[id]/questions/route";
import { GET as ownResponses } from "@/app/api/questionnaires/[id]/responses/route";
import { GET as ownSubmissions } from "@/app/api/questionnaires/[id]/submissions/route";
import { PATCH as toggleResponse } from "@/app/api/questionnaires/responses/[id]/toggle-shared/route";
import { GET as sharedResponses } from "@/app/api/questionnaires/responses/shared/route";
import { GET as listQuestionnaires } from "@/app/api/questionnaires/route";
import { PATCH as toggleSubmission } from "@/app/api/questionnaires/submissions/[id]/toggle-shared/route";
import { GET as sharedSubmissions } from "@/app/api/questionnaires/submissions/shared/route";
import { apiOperations, openApiDocument } from "@/server/openapi/document";
import { failureEnvelopeSchema, successEnvelopeSchema, type Method } from "@/server/openapi/operation";
import { createAccount, createFamilies, inviteCodeOf, type TestAccount } from "../helpers/accounts";
import { call, uniqueEmail, type ApiResult } from "../helpers/api";
import { jpeg, memoryForm } from "../helpers/memories";
import { answer, createCustomQuestionnaire } from "../helpers/questionnaires";

// A cheap drift check: real answers of real handlers, successes and refusals, each held to what
// GET /api/openapi.json says that operation answers (its status among the documented ones, its
// body to the documented schema, with no field more or less).

const document = openApiDocument();

function expectDocumented<Result extends Pick<ApiResult, "status" | "body">>(method: Method, path: string, result: Result): Result {
  const name = `${method.toUpperCase()} ${path} → ${result.status}`;
  const operation = apiOperations.find((candidate) => candidate.method === method && candidate.path === path);
  expect(operation, `${method.toUpperCase()} ${path} is documented`).toBeDefined();
  const statuses = Object.keys(document.paths?.[path]?.[method]?.responses ?? {});
  expect(statuses, `${name} is a documented status`).toContain(String(result.status));
  const { answer: documented } = operation!;
  if (result.status === documented.status && "data" in documented) {
    const checked = successEnvelopeSchema(documented.data).safeParse(result.body);
    expect(checked.error?.issues ?? [], `${name}: ${JSON.stringify(result.body)}`).toEqual([]);
  } else {
    expect(result.status, name).toBeGreaterThanOrEqual(400);
    const checked = failureEnvelopeSchema.safeParse(result.body);
    expect(checked.error?.issues ?? [], `${name}: ${JSON.stringify(result.body)}`).toEqual([]);
  }
  return result;
}

let owner: TestAccount;
let relative: TestAccount;
let memoryId: string;
let questionnaireId: string;
let submissionId: string;
let responseId: string;

beforeAll(async () => {
  ({ owner, relative } = await createFamilies());
}, 60_000);

describe("answers match the documented schemas", () => {
  it("accounts and sessions", async () => {
    const email = uniqueEmail("drift");
    const body = { first_name: "Rosa", last_name: "Lindqvist", email, password: "a long enough secret", family_id: await inviteCodeOf(owner.user.family_id) };
    expectDocumented("post", "/auth/register", await call(register, "/api/auth/register", { body }));
    expectDocumented("post", "/auth/register", await call(register, "/api/auth/register", { body }));
    expectDocumented("post", "/auth/register", await call(register, "/api/auth/register", { body: { ...body, email: "not an address" } }));
    const signedIn = expectDocumented("post", "/auth/login", await call(login, "/api/auth/login", { body: { email, password: body.password } }));
    expectDocumented("post", "/auth/login", await call(login, "/api/auth/login", { body: { email, password: "wrong password" } }));
    expectDocumented("get", "/auth/me", await call(me, "/api/auth/me", { token: signedIn.body.data.token }));
    expectDocumented("get", "/auth/me", await call(me, "/api/auth/me"));
    expectDocumented("post", "/auth/refresh", await call(refresh, "/api/auth/refresh", { method: "POST", token: signedIn.body.data.token }));
    expectDocumented("get", "/profiles/family-members", await call(familyMembers, "/api/profiles/family-members", { token: owner.token }));
    expectDocumented("get", "/profiles/{id}", await call(profile, "/api/x", { token: owner.token, params: { id: relative.user.id } }));
    expectDocumented("get", "/profiles/{id}", await call(profile, "/api/x", { token: owner.token, params: { id: "someone" } }));
  });

  it("invites", async () => {
    expectDocumented("get", "/family/invite", await call(readInvite, "/api/family/invite", { token: owner.token }));
    const replaced = expectDocumented(
      "post",
      "/family/invite",
      await call(replaceInvite, "/api/family/invite", { token: owner.token, body: { expires_in_days: 7 } }),
    );
    expectDocumented("post", "/family/invite", await call(replaceInvite, "/api/family/invite", { token: owner.token, body: { expires_in_days: 0 } }));
    expectDocumented("post", "/family/invite", await call(replaceInvite, "/api/family/invite", { token: relative.token, body: {} }));
    const code = replaced.body.data.invite.code as string;
    expectDocumented("get", "/invites/{code}", await call(lookUpInvite, "/api/x", { params: { code } }));
    expectDocumented("delete", "/family/invite", await call(closeInvite, "/api/family/invite", { method: "DELETE", token: owner.token }));
    expectDocumented("get", "/invites/{code}", await call(lookUpInvite, "/api/x", { params: { code } }));
  });

  it("the family circle", async () => {
    const circle = await createFamilies();
    const cousin = await createAccount({ familyId: circle.owner.user.family_id, firstName: "Ruth" });
    const remove = (caller: TestAccount, id: string) => call(removeMember, "/api/x", { method: "DELETE", token: caller.token, params: { id } });
    expectDocumented("delete", "/family/members/{id}", await remove(cousin, circle.relative.user.id));
    expectDocumented("delete", "/family/members/{id}", await remove(circle.owner, circle.relative.user.id));
    expectDocumented("delete", "/family/members/{id}", await remove(cousin, cousin.user.id));
    expectDocumented("delete", "/family/members/{id}", await remove(circle.owner, circle.stranger.user.id));
  });

  it("memories", async () => {
    const created = expectDocumented(
      "post",
      "/memories",
      await call(createMemory, "/api/memories", {
        token: owner.token,
        body: memoryForm({ is_shared: "true", taggedUserIds: relative.user.id }, [{ name: "garden.jpg", bytes: await jpeg() }]),
      }),
    );
    memoryId = created.body.data.memory.id;
    expectDocumented("post", "/memories", await call(createMemory, "/api/memories", { token: owner.token, body: memoryForm({ title: "" }) }));
    expectDocumented("get", "/memories", await call(ownMemories, "/api/memories?limit=5", { token: owner.token }));
    expectDocumented("get", "/memories", await call(ownMemories, "/api/memories?limit=500", { token: owner.token }));
    expectDocumented("get", "/memories/shared", await call(sharedMemories, `/api/memories/shared?member=${owner.user.id}`, { token: relative.token }));
    const covers = expectDocumented("get", "/family-book/photos", await call(coverPhotos, "/api/family-book/photos?limit=5", { token: relative.token }));
    expect(covers.body.data.photos).toHaveLength(1);
    expectDocumented("get", "/family-book/photos", await call(coverPhotos, "/api/family-book/photos?cursor=nope", { token: relative.token }));
    expectDocumented("get", "/memories/{id}", await call(memoryRead, "/api/x", { token: relative.token, params: { id: memoryId } }));
    const form = new FormData();
    form.append("title", "Picnic by the lake");
    expectDocumented("put", "/memories/{id}", await call(memoryUpdate, "/api/x", { method: "PUT", token: owner.token, params: { id: memoryId }, body: form }));
    expectDocumented(
      "put",
      "/memories/{id}",
      await call(memoryUpdate, "/api/x", { method: "PUT", token: relative.token, params: { id: memoryId }, body: form }),
    );
    expectDocumented(
      "patch",
      "/memories/{id}/toggle-shared",
      await call(toggleMemory, "/api/x", { method: "PATCH", token: owner.token, params: { id: memoryId }, body: { is_shared: false } }),
    );
    expectDocumented(
      "post",
      "/memories/uploads",
      await call(requestUpload, "/api/memories/uploads", { token: owner.token, body: { file_name: "lake.jpg", content_type: "image/jpeg", size: 1000 } }),
    );
    expectDocumented(
      "post",
      "/memories/uploads",
      await call(requestUpload, "/api/memories/uploads", { token: owner.token, body: { file_name: "notes.txt", content_type: "text/plain", size: 1000 } }),
    );
    expectDocumented("delete", "/memories/{id}", await call(memoryDelete, "/api/x", { method: "DELETE", token: owner.token, params: { id: memoryId } }));
    expectDocumented("get", "/memories/{id}", await call(memoryRead, "/api/x", { token: owner.token, params: { id: memoryId } }));
  });

  it("questionnaires and answers", async () => {
    const questionnaire = await createCustomQuestionnaire(owner);
    questionnaireId = questionnaire.id;
    expectDocumented("get", "/questionnaires", await call(listQuestionnaires, "/api/questionnaires", { token: relative.token }));
    expectDocumented("get", "/questionnaires/{id}/questions", await call(questions, "/api/x", { token: relative.token, params: { id: questionnaireId } }));
    const saved = expectDocumented(
      "post",
      "/questionnaires/responses",
      await answer(relative, [
        { question_id: questionnaire.questionIds[0]!, answer_text: "Everyone came" },
        { question_id: questionnaire.questionIds[1]!, answer_text: "Fish soup" },
      ]),
    );
    submissionId = saved.body.data.submission.id;
    responseId = saved.body.data.submission.responses[0].id;
    expectDocumented("post", "/questionnaires/responses", await answer(relative, [{ question_id: questionnaire.questionIds[0]!, answer_text: "Again" }]));
    expectDocumented("get", "/questionnaires/{id}/responses", await call(ownResponses, "/api/x", { token: relative.token, params: { id: questionnaireId } }));
    expectDocumented(
      "get",
      "/questionnaires/{id}/submissions",
      await call(ownSubmissions, "/api/x", { token: relative.token, params: { id: questionnaireId } }),
    );
    expectDocumented("get", "/questionnaires/{id}/submissions", await call(ownSubmissions, "/api/x", { token: relative.token, params: { id: "nope" } }));
    expectDocumented(
      "patch",
      "/questionnaires/responses/{id}/toggle-shared",
      await call(toggleResponse, "/api/x", { method: "PATCH", token: relative.token, params: { id: responseId } }),
    );
    expectDocumented(
      "patch",
      "/questionnaires/submissions/{id}/toggle-shared",
      await call(toggleSubmission, "/api/x", { method: "PATCH", token: relative.token, params: { id: submissionId }, body: { is_shared: true } }),
    );
    expectDocumented(
      "patch",
      "/questionnaires/submissions/{id}/toggle-shared",
      await call(toggleSubmission, "/api/x", { method: "PATCH", token: owner.token, params: { id: submissionId }, body: { is_shared: "yes" } }),
    );
    const responses = expectDocumented(
      "get",
      "/questionnaires/responses/shared",
      await call(sharedResponses, "/api/questionnaires/responses/shared", { token: owner.token }),
    );
    expect(responses.body.data.responses.length).toBeGreaterThan(0);
    const submissions = expectDocumented(
      "get",
      "/questionnaires/submissions/shared",
      await call(sharedSubmissions, "/api/questionnaires/submissions/shared", { token: owner.token }),
    );
    expect(submissions.body.data.submissions.length).toBeGreaterThan(0);
  });
});

describe("the drift check itself", () => {
  it("fails on an answer with a field the document does not name, and on an undocumented status", async () => {
    const result = await call(me, "/api/auth/me", { token: owner.token });
    const extra = { ...result, body: { ...result.body, data: { user: { ...result.body.data.user, password_hash: "x" } } } };
    expect(() => expectDocumented("get", "/auth/me", extra)).toThrow();
    expect(() => expectDocumented("get", "/auth/me", { ...result, status: 418 })).toThrow();
  });
});
