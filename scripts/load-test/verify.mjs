// After the load: what the app acknowledged must be stored exactly as it was sent, and what it
// refused must not be stored at all. A write that got no answer (network error, 5xx) may or may
// not exist; it is an error of its own already and is not held against the database here.
// Each check reads through the API as the user would, and adds to `findings`.
import { acknowledged, unanswered } from "./measured-client.mjs";

export function createFindings() {
  return {
    problems: [],
    verified: { memories: 0, submissions: 0, refusedMemoriesAbsent: 0, refusedSubmissionsAbsent: 0, photosFetched: 0, familyFeeds: 0 },
  };
}

/** Every page of a list, following next_cursor. */
async function allPages(client, endpoint, pathname, token, listOf) {
  const items = [];
  let cursor = null;
  for (let page = 0; page < 1000; page += 1) {
    const result = await client.call(endpoint, `${pathname}?limit=100${cursor ? `&cursor=${cursor}` : ""}`, { token });
    if (!acknowledged(result, 200)) return { items, failed: result.status };
    items.push(...listOf(result.body.data));
    cursor = result.body.data.next_cursor;
    if (!cursor) break;
  }
  return { items, failed: null };
}

/** The user's own memories: each acknowledged one whole (title, photos, tags, date, sharing), no refused one. */
export async function verifyMemories({ client }, findings, user) {
  const { problems, verified } = findings;
  const own = await allPages(client, "GET /api/memories (verify)", "/api/memories", user.token, (data) => data.memories);
  if (own.failed) throw new Error(`Listing memories of user ${user.index} failed: ${own.failed}`);
  const listed = own.items;
  const listedByTitle = new Map(listed.map((memory) => [memory.title, memory]));
  const ambiguous = new Set(user.memoryAttempts.filter((attempt) => unanswered(attempt.status)).map((attempt) => attempt.title));
  for (const attempt of user.memoryAttempts) {
    const expectedStatus = attempt.kind === "refused" ? 400 : 201;
    if (attempt.status !== expectedStatus && !ambiguous.has(attempt.title)) {
      problems.push(
        `user ${user.index}: memory "${attempt.title}" (${attempt.refusal ?? attempt.kind}) answered ${attempt.status}, expected ${expectedStatus}`,
      );
    }
    if (!attempt.id && !ambiguous.has(attempt.title)) {
      if (listedByTitle.has(attempt.title)) problems.push(`user ${user.index}: refused memory "${attempt.title}" is in the database (phantom write)`);
      else verified.refusedMemoriesAbsent += 1;
    }
  }
  const expectedCount = user.memories.size;
  const listedKnown = listed.filter((memory) => !ambiguous.has(memory.title));
  if (listedKnown.length !== expectedCount) {
    problems.push(`user ${user.index}: ${listedKnown.length} memories listed, ${expectedCount} acknowledged`);
  }
  for (const expected of user.memories.values()) {
    const result = await client.call("GET /api/memories/:id (verify)", `/api/memories/${expected.id}`, { token: user.token });
    if (!acknowledged(result, 200)) {
      problems.push(`user ${user.index}: acknowledged memory ${expected.id} "${expected.title}" is missing (${result.status}) — lost write`);
      continue;
    }
    const memory = result.body.data.memory;
    const wrong = [];
    if (memory.title !== expected.title) wrong.push(`title "${memory.title}"`);
    if (memory.memory_photos.length !== expected.photos) wrong.push(`${memory.memory_photos.length} photos instead of ${expected.photos}`);
    if (memory.memory_tags.length !== expected.tags) wrong.push(`${memory.memory_tags.length} tags instead of ${expected.tags}`);
    if (memory.memory_date !== expected.date) wrong.push(`date ${memory.memory_date} instead of ${expected.date}`);
    if (!expected.sharingUnknown && memory.is_shared !== expected.isShared) wrong.push(`is_shared ${memory.is_shared} instead of ${expected.isShared}`);
    if (!listedByTitle.has(expected.title)) wrong.push("absent from the owner's list");
    if (wrong.length) problems.push(`user ${user.index}: memory ${expected.id}: ${wrong.join(", ")}`);
    else verified.memories += 1;
    // The stored photo itself must be served.
    if (memory.memory_photos.length) {
      const photo = await client.call("GET photo thumbnail (verify)", memory.memory_photos[0].thumbnail_url);
      if (photo.status === 200) verified.photosFetched += 1;
      else problems.push(`user ${user.index}: photo of memory ${expected.id} answered ${photo.status}`);
    }
  }
}

/** The user's answers, questionnaire by questionnaire: each acknowledged submission whole, no refused one. */
export async function verifySubmissions({ client }, findings, user) {
  const { problems, verified } = findings;
  const byQuestionnaire = new Map();
  for (const attempt of user.submissionAttempts) {
    if (!byQuestionnaire.has(attempt.questionnaireId)) byQuestionnaire.set(attempt.questionnaireId, []);
    byQuestionnaire.get(attempt.questionnaireId).push(attempt);
  }
  for (const [questionnaireId, attempts] of byQuestionnaire) {
    const result = await client.call("GET /api/questionnaires/:id/submissions (verify)", `/api/questionnaires/${questionnaireId}/submissions`, {
      token: user.token,
    });
    if (!acknowledged(result, 200)) {
      problems.push(`user ${user.index}: listing submissions of questionnaire ${questionnaireId} failed (${result.status})`);
      continue;
    }
    const stored = result.body.data.submissions;
    const storedById = new Map(stored.map((submission) => [submission.id, submission]));
    const markOf = (submission) => submission.responses.map((response) => response.answer_text.split(" — ")[0]).find((text) => text.startsWith("answer-"));
    const storedMarks = new Set(stored.map(markOf));
    const ambiguous = attempts.filter((attempt) => unanswered(attempt.status));
    for (const attempt of attempts) {
      if (attempt.status !== attempt.expected && !ambiguous.includes(attempt)) {
        problems.push(`user ${user.index}: submission ${attempt.mark} answered ${attempt.status}, expected ${attempt.expected}`);
      }
      if (attempt.id) {
        const submission = storedById.get(attempt.id);
        if (!submission) problems.push(`user ${user.index}: acknowledged submission ${attempt.id} (${attempt.mark}) is missing — lost write`);
        else if (markOf(submission) !== attempt.mark || submission.responses.length !== attempt.answers) {
          problems.push(`user ${user.index}: submission ${attempt.id} holds other answers than were sent`);
        } else if (attempt.isShared !== undefined && submission.is_shared !== attempt.isShared) {
          problems.push(`user ${user.index}: submission ${attempt.id} is_shared ${submission.is_shared} instead of ${attempt.isShared}`);
        } else verified.submissions += 1;
      } else if (!ambiguous.includes(attempt)) {
        if (storedMarks.has(attempt.mark)) problems.push(`user ${user.index}: refused submission ${attempt.mark} is in the database (phantom write)`);
        else verified.refusedSubmissionsAbsent += 1;
      }
    }
    const acknowledgedCount = attempts.filter((attempt) => attempt.id).length;
    if (stored.length !== acknowledgedCount + ambiguous.filter((attempt) => storedMarks.has(attempt.mark)).length) {
      problems.push(`user ${user.index}: ${stored.length} submissions stored for questionnaire ${questionnaireId}, ${acknowledgedCount} acknowledged`);
    }
  }
}

/** A family's shared feed, read by one of its members, holds exactly the memories its members left shared. */
export async function verifyFamilyFeed({ client, random }, findings, members) {
  const reader = random.pick(members);
  const memories = members.flatMap((member) => [...member.memories.values()]);
  const expected = new Set(memories.filter((memory) => memory.isShared && !memory.sharingUnknown).map((memory) => memory.id));
  const unknown = new Set(memories.filter((memory) => memory.sharingUnknown).map((memory) => memory.id));
  const unansweredTitles = new Set(
    members.flatMap((member) => member.memoryAttempts.filter((attempt) => unanswered(attempt.status)).map((attempt) => attempt.title)),
  );
  const feed = await allPages(client, "GET /api/memories/shared (verify)", "/api/memories/shared", reader.token, (data) => data.memories);
  if (feed.failed) {
    findings.problems.push(`family of user ${reader.index}: shared feed failed (${feed.failed})`);
    return;
  }
  const seen = new Set(feed.items.filter((memory) => !unansweredTitles.has(memory.title)).map((memory) => memory.id));
  const missing = [...expected].filter((id) => !seen.has(id));
  const extra = [...seen].filter((id) => !expected.has(id) && !unknown.has(id));
  if (missing.length || extra.length) {
    findings.problems.push(`family of user ${reader.index}: shared feed misses ${missing.length} and wrongly holds ${extra.length} memories`);
  } else findings.verified.familyFeeds += 1;
}
