import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as answerFollowUp } from "@/app/api/follow-ups/[id]/answer/route";
import { POST as askFollowUp } from "@/app/api/follow-ups/route";
import { POST as postComment } from "@/app/api/memories/[id]/comments/route";
import { PUT as updateMemory } from "@/app/api/memories/[id]/route";
import { PATCH as toggleMemory } from "@/app/api/memories/[id]/toggle-shared/route";
import { GET as ownMemories } from "@/app/api/memories/route";
import { GET as sharedMemories } from "@/app/api/memories/shared/route";
import { GET as sharedResponses } from "@/app/api/questionnaires/responses/shared/route";
import { PATCH as toggleSubmission } from "@/app/api/questionnaires/submissions/[id]/toggle-shared/route";
import { GET as searchRoute } from "@/app/api/search/route";
import { SEARCH_KIND_RULE, SEARCH_QUERY_MISSING, SEARCH_QUERY_TOO_LONG, SEARCH_YEAR_RULE } from "@/lib/schemas/search";
import { getDb } from "@/server/platform/db/client";
import { createAccount, createFamilies, type TestAccount } from "../helpers/accounts";
import { call, type ApiResult } from "../helpers/api";
import { createMemoryAs, jpeg, memoryForm } from "../helpers/memories";
import { answer, createCustomQuestionnaire } from "../helpers/questionnaires";

// Search (docs/product.md, Search; docs/decisions/020-search.md): what the viewer may open and
// nothing else, accents ignored, web-search syntax, filters, best match first.

type Piece = { text: string; highlighted: boolean };
type Result = {
  kind: "memory" | "answer" | "comment" | "follow_up";
  id: string;
  item: { type: "memory" | "answer"; id: string };
  title: Piece[];
  snippet: Piece[];
  author: { id: string | null; first_name: string };
  tagged: { first_name: string }[];
  date: string;
  is_shared: boolean;
  href: string;
  thumbnail_url: string | null;
};

let owner: TestAccount;
let relative: TestAccount;
let stranger: TestAccount;
let cousin: TestAccount;
const ids: Record<string, string> = {};

const plain = (pieces: Piece[]) => pieces.map((piece) => piece.text).join("");
const highlighted = (pieces: Piece[]) => pieces.filter((piece) => piece.highlighted).map((piece) => piece.text);

function find(account: TestAccount | null, params: Record<string, string>) {
  const query = new URLSearchParams(params).toString();
  return call<{ results: Result[]; next_cursor: string | null; did_you_mean: string | null }>(
    searchRoute,
    `/api/search?${query}`,
    account ? { token: account.token } : {},
  );
}
async function titlesFound(account: TestAccount, params: Record<string, string>) {
  const found = await find(account, params);
  expect(found.status).toBe(200);
  return found.body.data.results.map((result) => plain(result.title));
}

async function memory(account: TestAccount, key: string, fields: Record<string, string | string[]>) {
  ids[key] = (await createMemoryAs(account.token, { content: "A day to remember.", ...fields })).id;
}

async function answerAndShare(account: TestAccount, questionId: string, text: string, shared: boolean) {
  const saved = await answer(account, [{ question_id: questionId, answer_text: text }]);
  expect(saved.status).toBe(201);
  const submission = saved.body.data.submission as { id: string; responses: { id: string }[] };
  ids[text] = submission.responses[0]!.id;
  if (shared) {
    const toggled = await call(toggleSubmission, `/api/questionnaires/submissions/${submission.id}/toggle-shared`, {
      method: "PATCH",
      token: account.token,
      params: { id: submission.id },
      body: { is_shared: true },
    });
    expect(toggled.status).toBe(200);
  }
}

beforeAll(async () => {
  ({ owner, relative, stranger } = await createFamilies());
  cousin = await createAccount({ familyId: owner.user.family_id, firstName: "Jürgen", lastName: "Müller" });

  await memory(owner, "wedding", {
    title: "Wedding in Köln",
    content: "We danced until dawn at the old mill. Kinfolk came from everywhere.",
    memory_date: "1970-06-01",
    is_shared: "true",
    taggedUserIds: cousin.user.id,
  });
  await memory(owner, "ownPrivate", { title: "Plum cake recipe", content: "Nobody knows the trick. Kinfolk only.", memory_date: "1980-01-01" });
  await memory(relative, "relativePrivate", { title: "Diary of the plum harvest", content: "Tom's private pages. Kinfolk.", memory_date: "1995-09-01" });
  await memory(relative, "bike", {
    title: "First bike",
    content: "Tom rode the red bicycle to the plum orchard. Kinfolk cheered.",
    memory_date: "1995-04-02",
    is_shared: "true",
  });
  await memory(stranger, "strangerShared", { title: "Plum festival", content: "The whole village. Kinfolk.", memory_date: "2000-08-08", is_shared: "true" });
  await memory(owner, "lighthouseTitle", { title: "Lighthouse", content: "The keeper waved. Kinfolk.", memory_date: "1960-01-01", is_shared: "true" });
  await memory(owner, "lighthouseStory", {
    title: "Seaside walk",
    content: "We walked past the lighthouse. Kinfolk.",
    memory_date: "1990-01-01",
    is_shared: "true",
  });

  const questionnaire = await createCustomQuestionnaire(owner);
  const strangers = await createCustomQuestionnaire(stranger);
  await answerAndShare(owner, questionnaire.questionIds[0]!, "Jürgen and the cousins, kinfolk all", true);
  await answerAndShare(relative, questionnaire.questionIds[0]!, "Only me and a plum pie, kinfolk", false);
  await answerAndShare(cousin, questionnaire.questionIds[0]!, "Plum dumplings for kinfolk", true);
  await answerAndShare(stranger, strangers.questionIds[0]!, "Plum brandy, kinfolk", true);
}, 120_000);

describe("who finds what", () => {
  it("refuses the anonymous", async () => {
    const found = await find(null, { q: "plum" });
    expect(found.status).toBe(401);
    expect(found.body.error).toBe("Please sign in to continue.");
  });

  it("finds the owner's own private memory and the family's shared items, never a relative's private one or another family's", async () => {
    const found = await find(owner, { q: "plum" });
    expect(found.status).toBe(200);
    expect(found.body.data.results.map((result) => result.id).sort()).toEqual([ids.ownPrivate, ids.bike, ids["Plum dumplings for kinfolk"]].sort());
    // Not even as a count: the answer holds the results, a cursor and (when nothing is found) a suggestion, nothing else.
    expect(Object.keys(found.body.data).sort()).toEqual(["did_you_mean", "next_cursor", "results"]);
    expect(JSON.stringify(found.body)).not.toMatch(/Diary|plum pie|festival|brandy/);
  });

  it("lets a relative find their own private items but not the owner's", async () => {
    expect((await titlesFound(relative, { q: "plum" })).sort()).toEqual(["Diary of the plum harvest", "First bike", "Who came along?", "Who came along?"]);
    const found = await find(relative, { q: "plum" });
    expect(found.body.data.results.map((result) => result.id)).not.toContain(ids.ownPrivate);
    expect(found.body.data.results.map((result) => result.id)).toContain(ids["Only me and a plum pie, kinfolk"]);
  });

  it("shows another family only their own", async () => {
    const found = await find(stranger, { q: "plum" });
    expect(found.body.data.results.map((result) => result.id).sort()).toEqual([ids.strangerShared, ids["Plum brandy, kinfolk"]].sort());
  });

  it("a private memory of a relative leaves no trace, whatever is searched", async () => {
    for (const q of ["diary", "Tom's private pages", "harvest or diary", "diary -bike", "Hughes"]) {
      const found = await find(owner, { q, kind: "memories" });
      expect(found.body.data.results.map((result) => result.id)).not.toContain(ids.relativePrivate);
    }
  });

  it("agrees with My Memories and the Family Book: a word in every memory and answer finds exactly what they show", async () => {
    for (const account of [owner, relative, cousin, stranger]) {
      const own = await call(ownMemories, "/api/memories?limit=100", { token: account.token });
      const shared = await call(sharedMemories, "/api/memories/shared?limit=100", { token: account.token });
      const memories = new Set([...own.body.data.memories, ...shared.body.data.memories].map((item: { id: string }) => item.id));
      const found = await find(account, { q: "kinfolk", kind: "memories", limit: "100" });
      expect(found.body.data.results.map((result) => result.id).sort()).toEqual([...memories].sort());

      const familyAnswers = await call(sharedResponses, "/api/questionnaires/responses/shared?limit=100", { token: account.token });
      const answers = new Set((familyAnswers.body.data.responses as { id: string }[]).map((item) => item.id));
      const ownAnswers = await (await getDb()).response.findMany({ where: { submission: { user_id: account.user.id } }, select: { id: true } });
      for (const item of ownAnswers) answers.add(item.id);
      const foundAnswers = await find(account, { q: "kinfolk", kind: "answers", limit: "100" });
      expect(foundAnswers.body.data.results.map((result) => result.id).sort()).toEqual([...answers].sort());
    }
  });
});

describe("what a search matches", () => {
  it("ignores accents and case, in titles, stories, answers and people's names, and highlights the words as written", async () => {
    const koln = await find(relative, { q: "KOLN" });
    expect(koln.body.data.results.map((result) => result.id)).toEqual([ids.wedding]);
    expect(highlighted(koln.body.data.results[0]!.title)).toEqual(["Köln"]);

    // Jürgen is tagged in the wedding, wrote an answer, and is named in the owner's answer.
    const jurgen = await find(relative, { q: "Jurgen" });
    expect(jurgen.body.data.results.map((result) => result.id).sort()).toEqual(
      [ids.wedding, ids["Jürgen and the cousins, kinfolk all"], ids["Plum dumplings for kinfolk"]].sort(),
    );
    const ownersAnswer = jurgen.body.data.results.find((result) => result.id === ids["Jürgen and the cousins, kinfolk all"])!;
    expect(highlighted(ownersAnswer.snippet)).toEqual(["Jürgen"]);
    expect(jurgen.body.data.results.find((result) => result.id === ids.wedding)!.tagged.map((person) => person.first_name)).toEqual(["Jürgen"]);
    expect(await titlesFound(relative, { q: "müller", kind: "memories" })).toEqual(["Wedding in Köln"]);
  });

  it("reads quotes as a phrase, or as alternatives, and a minus as leaving out", async () => {
    expect(await titlesFound(owner, { q: '"old mill"' })).toEqual(["Wedding in Köln"]);
    expect(await titlesFound(owner, { q: '"mill old"' })).toEqual([]);
    expect((await titlesFound(owner, { q: "bicycle or mill" })).sort()).toEqual(["First bike", "Wedding in Köln"]);
    expect((await titlesFound(owner, { q: "plum -cake", kind: "memories" })).sort()).toEqual(["First bike"]);
    expect(await titlesFound(owner, { q: "plum bicycle" })).toEqual(["First bike"]);
  });

  it("puts a match in the title above one in the story", async () => {
    expect(await titlesFound(owner, { q: "lighthouse" })).toEqual(["Lighthouse", "Seaside walk"]);
  });

  it("finds a person by their new name as soon as it changes, and no longer by the old one", async () => {
    await (await getDb()).user.update({ where: { id: relative.user.id }, data: { first_name: "Tomás" } });
    expect(await titlesFound(owner, { q: "tomas", kind: "memories" })).toEqual(["First bike"]);
    await (await getDb()).user.update({ where: { id: relative.user.id }, data: { first_name: "Tom" } });
    expect(await titlesFound(owner, { q: "tomas", kind: "memories" })).toEqual([]);
  });
});

describe("what a memory is found by, after an edit", () => {
  it("follows its tags: untagged, a person is no longer found in it; tagged again, they are", async () => {
    const retag = async (taggedUserIds: string[]) => {
      const form = new FormData();
      form.append("taggedUserIds", JSON.stringify(taggedUserIds));
      const updated = await call(updateMemory, `/api/memories/${ids.wedding}`, { method: "PUT", token: owner.token, params: { id: ids.wedding! }, body: form });
      expect(updated.status).toBe(200);
    };
    await retag([]);
    expect(await titlesFound(relative, { q: "müller", kind: "memories" })).toEqual([]);
    await retag([cousin.user.id]);
    expect(await titlesFound(relative, { q: "müller", kind: "memories" })).toEqual(["Wedding in Köln"]);
  });

  it("follows its title and story", async () => {
    const form = memoryForm({ title: "Seaside stroll", content: "We walked past the lighthouse and the harbour. Kinfolk." });
    form.delete("memory_date");
    const updated = await call(updateMemory, `/api/memories/${ids.lighthouseStory}`, {
      method: "PUT",
      token: owner.token,
      params: { id: ids.lighthouseStory! },
      body: form,
    });
    expect(updated.status).toBe(200);
    expect(await titlesFound(owner, { q: "harbour" })).toEqual(["Seaside stroll"]);
    expect(await titlesFound(owner, { q: '"seaside walk"' })).toEqual([]);
  });
});

describe("filters and pages", () => {
  it("filters by kind, member and year", async () => {
    expect(await titlesFound(owner, { q: "plum", kind: "answers" })).toEqual(["Who came along?"]);
    expect((await titlesFound(owner, { q: "plum", kind: "memories" })).sort()).toEqual(["First bike", "Plum cake recipe"]);
    expect(await titlesFound(owner, { q: "plum", member: relative.user.id })).toEqual(["First bike"]);
    expect(await titlesFound(owner, { q: "plum", member: stranger.user.id })).toEqual([]);
    expect(await titlesFound(owner, { q: "kinfolk", year: "1970", kind: "memories" })).toEqual(["Wedding in Köln"]);
    const thisYear = String(new Date().getUTCFullYear());
    expect(await titlesFound(owner, { q: "kinfolk", year: thisYear, kind: "answers" })).toEqual(["Who came along?", "Who came along?"]);
  });

  it("pages through the results with the last result's id, in the same order as one long page", async () => {
    const all = (await find(owner, { q: "kinfolk", limit: "100" })).body.data.results.map((result) => result.id);
    expect(all.length).toBeGreaterThan(4);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ApiResult<{ results: Result[]; next_cursor: string | null }> = await find(owner, { q: "kinfolk", limit: "2", ...(cursor ? { cursor } : {}) });
      expect(page.status).toBe(200);
      paged.push(...page.body.data.results.map((result) => result.id));
      cursor = page.body.data.next_cursor;
    } while (cursor);
    expect(paged).toEqual(all);
  });

  it("links each result to where it is read", async () => {
    const results = (await find(relative, { q: "kinfolk", limit: "100" })).body.data.results;
    expect(results.find((result) => result.id === ids.bike)!.href).toBe(`/memories/edit/${ids.bike}`);
    expect(results.find((result) => result.id === ids.wedding)!.href).toBe(`/family-book?member=${owner.user.id}`);
    expect(results.find((result) => result.id === ids["Only me and a plum pie, kinfolk"])!.href).toBe("/completed-questionnaires");
    expect(results.find((result) => result.id === ids["Plum dumplings for kinfolk"])!.href).toBe(`/family-book?tab=responses&member=${cousin.user.id}`);
  });

  it("explains a search it cannot run", async () => {
    for (const [params, field, message] of [
      [{}, "q", SEARCH_QUERY_MISSING],
      [{ q: "   " }, "q", SEARCH_QUERY_MISSING],
      [{ q: "x".repeat(201) }, "q", SEARCH_QUERY_TOO_LONG],
      [{ q: "plum", kind: "photos" }, "kind", SEARCH_KIND_RULE],
      [{ q: "plum", year: "nineteen" }, "year", SEARCH_YEAR_RULE],
      [{ q: "plum", year: "1970.5" }, "year", SEARCH_YEAR_RULE],
    ] as const) {
      const found = await find(owner, params);
      expect(found.status).toBe(400);
      expect(found.body.fieldErrors).toEqual({ [field]: [message] });
    }
  });
});

describe("untrusted search text", () => {
  const operatorSoup = fc
    .array(fc.constantFrom('"', "-", "or", "OR", "(", ")", "&", "|", "!", ":*", "<->", "\\", "'", " ", "plum", "ü", "\u0000", "\uE000", "\uD800", "🙂", "*"), {
      maxLength: 20,
    })
    .map((parts) => parts.join(""));

  it("never fails, whatever is typed: results, or a clear refusal of an empty or overlong search", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ unit: "binary", maxLength: 60 }), operatorSoup), async (q) => {
        const found = await find(owner, { q });
        expect([200, 400]).toContain(found.status);
        if (found.status === 400) expect(found.body.fieldErrors?.q).toEqual([SEARCH_QUERY_MISSING]);
        else
          for (const result of found.body.data.results)
            expect([
              ids.ownPrivate,
              ids.bike,
              ids.wedding,
              ids.lighthouseTitle,
              ids.lighthouseStory,
              ids["Plum dumplings for kinfolk"],
              ids["Jürgen and the cousins, kinfolk all"],
            ]).toContain(result.id);
      }),
      { numRuns: 150 },
    );
  });
});

describe("the family's conversations, small typos and photos", () => {
  it("finds a comment and a Tell us more answer under a story the reader may open, and opens the story on it", async () => {
    const story = await createMemoryAs(
      owner.token,
      { title: "The summer in Málaga", content: "We rented a flat by the sea.", is_shared: "true", memory_date: "1974-08-01" },
      [{ name: "beach.jpg", bytes: await jpeg() }],
    );
    expect(
      (
        await call(postComment, `/api/memories/${story.id}/comments`, {
          token: relative.token,
          params: { id: story.id },
          body: { body: "Remember the octopus at the harbour?" },
        })
      ).status,
    ).toBe(201);
    const asked = await call(askFollowUp, "/api/follow-ups", { token: cousin.token, body: { memory_id: story.id, question: "Who drove the car down?" } });
    const questionId = asked.body.data.follow_up.id as string;
    expect(
      (
        await call(answerFollowUp, `/api/follow-ups/${questionId}/answer`, {
          token: owner.token,
          params: { id: questionId },
          body: { answer: "Uncle Pedro, in his green Seat." },
        })
      ).status,
    ).toBe(200);

    const comments = (await find(cousin, { q: "octopus" })).body.data.results;
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ kind: "comment", item: { type: "memory", id: story.id }, author: { id: relative.user.id } });
    expect(plain(comments[0]!.title)).toBe("The summer in Málaga");
    expect(highlighted(comments[0]!.snippet)).toEqual(["octopus"]);
    expect(comments[0]!.href).toBe(`/family-book?member=${owner.user.id}&comment=${comments[0]!.id}#memory-${story.id}`);
    expect(comments[0]!.thumbnail_url).toMatch(/^\/api\/storage\/|^https?:\/\//);

    const followUps = (await find(relative, { q: "Pedro" })).body.data.results;
    expect(followUps.map((result) => [result.kind, result.id])).toEqual([["follow_up", questionId]]);
    expect(plain(followUps[0]!.snippet)).toContain("Who drove the car down?");
    expect(followUps[0]!.href).toBe(`/family-book?member=${owner.user.id}&question=${questionId}#memory-${story.id}`);

    // Another family finds none of it, and a story made private takes its conversation out of search.
    expect((await find(stranger, { q: "octopus" })).body.data.results).toEqual([]);
    await call(toggleMemory, `/api/memories/${story.id}/toggle-shared`, {
      method: "PATCH",
      token: owner.token,
      params: { id: story.id },
      body: { is_shared: false },
    });
    expect((await find(cousin, { q: "octopus" })).body.data.results).toEqual([]);
    expect((await find(cousin, { q: "Pedro" })).body.data.results).toEqual([]);
    await call(toggleMemory, `/api/memories/${story.id}/toggle-shared`, {
      method: "PATCH",
      token: owner.token,
      params: { id: story.id },
      body: { is_shared: true },
    });
  });

  it("shows each memory's first photo, small, and none for an answer", async () => {
    const found = (await find(cousin, { q: "Málaga", kind: "memories" })).body.data.results;
    expect(found[0]?.thumbnail_url).toMatch(/^\/api\/storage\/|^https?:\/\//);
    const answers = (await find(owner, { q: "dumplings" })).body.data.results;
    expect(answers[0]).toMatchObject({ kind: "answer", thumbnail_url: null });
  });

  it("offers the nearest word the reader may read when a search finds nothing: malga → Málaga", async () => {
    const missed = await find(cousin, { q: "malga" });
    expect(missed.body.data.results).toEqual([]);
    expect(missed.body.data.did_you_mean).toBe("Málaga");
    expect((await find(cousin, { q: "octopuss harbor" })).body.data.did_you_mean).toBe("octopus harbour");
    // Found something: no suggestion. Nothing near enough: none either.
    expect((await find(cousin, { q: "Málaga" })).body.data.did_you_mean).toBeNull();
    expect((await find(cousin, { q: "zzyzx" })).body.data.did_you_mean).toBeNull();
  });

  it("never suggests a word from what the reader may not open", async () => {
    // "Diary" is only in Tom's private memory; "festival" only in another family's.
    expect((await find(owner, { q: "diarry" })).body.data.did_you_mean).not.toBe("Diary");
    expect((await find(owner, { q: "festivall" })).body.data.did_you_mean).toBeNull();
    expect((await find(relative, { q: "diarry" })).body.data.did_you_mean).toBe("Diary");
  });
});
