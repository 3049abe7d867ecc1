// What a person does during the load test. Each scenario is `(load, user) => Promise`, where
// `load` is { client (measured-client.mjs), random (seeded-random.mjs), users, photos }, and
// records what it asked for on the user (memoryAttempts, memories, submissionAttempts,
// unexpected), so that verify.mjs can check the database against it afterwards.
//
// To add a scenario: write it here, give it a share in SCENARIOS, and when it writes, record the
// attempt on the user and teach verify.mjs to find it.
import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import { acknowledged, unanswered } from "./measured-client.mjs";

/** What a person does, and how often: each turn of a virtual user picks one by its share. */
export const SCENARIOS = [
  { share: 0.35, scenario: createMemory },
  { share: 0.15, scenario: toggleSharing },
  { share: 0.15, scenario: answerQuestionnaire },
  { share: 0.05, scenario: shareAnswers },
  { share: 0.3, scenario: readFeeds },
];

/** One person: scenario after scenario, with a pause between them, until `stopAt`. */
export async function virtualUser(load, user, stopAt) {
  // Spread the start so that 200 people do not press the same button in the same millisecond.
  await sleep(load.random.next() * 1000);
  while (Date.now() < stopAt) {
    await pickScenario(load.random.next())(load, user);
    await sleep(50 + load.random.next() * 250);
  }
}

function pickScenario(roll) {
  let upTo = 0;
  for (const { share, scenario } of SCENARIOS) {
    upTo += share;
    if (roll < upTo) return scenario;
  }
  return SCENARIOS[SCENARIOS.length - 1].scenario;
}

/** Three 800×600 JPEGs with some texture, so that the photo pipeline has real work. */
export async function makePhotos(random) {
  const colours = [
    { r: 200, g: 120, b: 60 },
    { r: 60, g: 140, b: 200 },
    { r: 90, g: 170, b: 90 },
  ];
  const photos = [];
  for (const [index, background] of colours.entries()) {
    const noise = Buffer.alloc(64 * 48 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = Math.floor(random.next() * 256);
    const texture = await sharp(noise, { raw: { width: 64, height: 48, channels: 3 } })
      .resize(320, 240)
      .png()
      .toBuffer();
    const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background } })
      .composite([{ input: texture, top: 180, left: 240, blend: "overlay" }])
      .jpeg({ quality: 80 })
      .toBuffer();
    photos.push({ name: `load-photo-${index + 1}.jpg`, bytes });
  }
  return photos;
}

// ---- Memories -------------------------------------------------------------------------------

const futureDate = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/** The browser's path: ask for a presigned URL, PUT the bytes to storage, return the upload id. */
async function uploadThroughStorage({ client }, user, photo) {
  const ticket = await client.call("POST /api/memories/uploads", "/api/memories/uploads", {
    method: "POST",
    token: user.token,
    json: { file_name: photo.name, content_type: "image/jpeg", size: photo.bytes.length },
  });
  if (!acknowledged(ticket, 201)) return null;
  const { upload } = ticket.body.data;
  const target = new URL(upload.url, client.baseUrl);
  if (target.hostname !== "127.0.0.1") throw new Error(`Upload URL leaves the machine: ${upload.url}`);
  const put = await client.call("PUT (presigned upload)", target.toString(), { method: upload.method, headers: upload.headers, body: photo.bytes });
  return put.status === 200 ? upload.id : null;
}

/** `count` photos through storage, one after the other; null as soon as one of them fails. */
async function uploadPhotos(load, user, count) {
  const ids = [];
  for (let i = 0; i < count; i += 1) {
    const id = await uploadThroughStorage(load, user, load.random.pick(load.photos));
    if (!id) return null;
    ids.push(id);
  }
  return ids;
}

/** Most memories are plain, one in five has photos through the upload path, a few have files in the form, a few break a rule. */
function chooseMemoryKind(random) {
  const roll = random.next();
  return roll < 0.2 ? "upload" : roll < 0.26 ? "multipart" : roll < 0.32 ? "refused" : "plain";
}

/**
 * Makes the memory one the rules must refuse: a date in the future (with a photo already
 * uploaded, which must not turn into a half-saved memory), a tag of someone outside the family,
 * or six photos. Resolves to { refusal, date } (date only when it changes).
 */
async function breakARule(load, user, form, tagged) {
  const refusal = load.random.pick(["future date", "outsider tag", "too many photos"]);
  if (refusal === "future date") {
    const [id] = (await uploadPhotos(load, user, 1)) ?? [];
    if (id) form.append("uploadIds", id);
    return { refusal, date: futureDate() };
  }
  if (refusal === "outsider tag") {
    const outsider = load.users.find((other) => other.familyId !== user.familyId);
    if (outsider) {
      tagged.push(outsider.id);
      return { refusal };
    }
    // A single family: nobody outside it to tag.
    return { refusal: "future date", date: futureDate() };
  }
  for (let i = 0; i < 6; i += 1) form.append("photos", new Blob([load.photos[i % load.photos.length].bytes], { type: "image/jpeg" }), `extra-${i}.jpg`);
  return { refusal };
}

async function createMemory(load, user) {
  const { client, random } = load;
  const title = random.uniqueMark(`memory-u${user.index}`);
  const relatives = user.family.filter((member) => member !== user);
  const tagged = random.chance(0.3) ? relatives.filter(() => random.chance(0.4)).map((member) => member.id) : [];
  const isShared = random.chance(0.5);
  let kind = chooseMemoryKind(random);
  const form = new FormData();
  form.append("title", title);
  form.append("content", `A day to remember (${title}). `.repeat(1 + Math.floor(random.next() * 8)));
  form.append("is_shared", String(isShared));
  let date = random.pastDate();
  let expectedPhotos = 0;
  let refusal = null;
  if (kind === "upload") {
    const ids = await uploadPhotos(load, user, 1 + Math.floor(random.next() * 2));
    // An upload that failed is counted as an error already; the memory is then written without photos.
    if (!ids) kind = "plain";
    for (const id of ids ?? []) form.append("uploadIds", id);
    expectedPhotos = ids?.length ?? 0;
  } else if (kind === "multipart") {
    const photo = random.pick(load.photos);
    form.append("photos", new Blob([photo.bytes], { type: "image/jpeg" }), photo.name);
    expectedPhotos = 1;
  } else if (kind === "refused") {
    const broken = await breakARule(load, user, form, tagged);
    refusal = broken.refusal;
    date = broken.date ?? date;
  }
  form.append("memory_date", date);
  for (const id of tagged) form.append("taggedUserIds", id);

  const result = await client.call("POST /api/memories", "/api/memories", { method: "POST", token: user.token, form });
  const attempt = { title, kind, refusal, status: result.status, id: null };
  user.memoryAttempts.push(attempt);
  if (acknowledged(result, 201)) {
    const memory = result.body.data.memory;
    attempt.id = memory.id;
    user.memories.set(memory.id, { id: memory.id, title, isShared, photos: expectedPhotos, tags: new Set(tagged).size, date });
  }
}

async function toggleSharing(load, user) {
  const own = [...user.memories.values()];
  if (own.length === 0) return createMemory(load, user);
  const memory = load.random.pick(own);
  const next = !memory.isShared;
  const result = await load.client.call("PATCH /api/memories/:id/toggle-shared", `/api/memories/${memory.id}/toggle-shared`, {
    method: "PATCH",
    token: user.token,
    json: { is_shared: next },
  });
  if (acknowledged(result, 200)) {
    memory.isShared = next;
    memory.toggles = (memory.toggles ?? 0) + 1;
  } else {
    memory.sharingUnknown = unanswered(result.status);
    user.unexpected.push(`toggle ${memory.id} → ${result.status}`);
  }
}

async function readFeeds({ client, random }, user) {
  const which = random.next();
  if (which < 0.35) {
    const result = await client.call("GET /api/memories/shared", "/api/memories/shared", { token: user.token });
    // Open one shared memory from the feed, as a reader tapping a card would.
    const shared = acknowledged(result, 200) ? result.body.data.memories : [];
    if (shared.length && random.chance(0.5)) await client.call("GET /api/memories/:id", `/api/memories/${random.pick(shared).id}`, { token: user.token });
  } else if (which < 0.65) {
    await client.call("GET /api/memories", "/api/memories", { token: user.token });
  } else {
    await client.call("GET /api/questionnaires/submissions/shared", "/api/questionnaires/submissions/shared", { token: user.token });
  }
}

// ---- Questionnaires -------------------------------------------------------------------------

async function answerQuestionnaire({ client, random }, user) {
  if (user.questionnaires.length === 0) {
    const list = await client.call("GET /api/questionnaires", "/api/questionnaires", { token: user.token });
    if (!acknowledged(list, 200)) return;
    user.questionnaires = list.body.data.questionnaires;
    if (user.questionnaires.length === 0) return;
  }
  const questionnaire = random.pick(user.questionnaires);
  const questionsResult = await client.call("GET /api/questionnaires/:id/questions", `/api/questionnaires/${questionnaire.id}/questions`, {
    token: user.token,
  });
  if (!acknowledged(questionsResult, 200)) return;
  const questions = questionsResult.body.data.questions;
  if (questions.length === 0) return;
  const mark = random.uniqueMark(`answer-u${user.index}`);
  const tooShort = random.chance(0.08);
  const responses = questions.map((question, index) => ({
    question_id: question.id,
    // An answer of too few characters must be refused, and leave nothing (not even the others).
    answer_text: tooShort && index === 0 ? "no" : `${mark} — my answer to question ${index + 1}.`,
  }));
  const earlier = user.submissionAttempts.filter((attempt) => attempt.questionnaireId === questionnaire.id && attempt.id);
  // A questionnaire that takes one set of answers refuses a second one before reading it.
  const expected = !questionnaire.allow_multiple_responses && earlier.length > 0 ? 409 : tooShort ? 400 : 201;
  const result = await client.call("POST /api/questionnaires/responses", "/api/questionnaires/responses", {
    method: "POST",
    token: user.token,
    json: { responses },
  });
  const attempt = { questionnaireId: questionnaire.id, mark, expected, status: result.status, id: null, answers: responses.length };
  if (acknowledged(result, 201)) attempt.id = result.body.data.submission.id;
  user.submissionAttempts.push(attempt);
}

async function shareAnswers(load, user) {
  const mine = user.submissionAttempts.filter((attempt) => attempt.id);
  if (mine.length === 0) return answerQuestionnaire(load, user);
  const submission = load.random.pick(mine);
  const next = !submission.isShared;
  const result = await load.client.call(
    "PATCH /api/questionnaires/submissions/:id/toggle-shared",
    `/api/questionnaires/submissions/${submission.id}/toggle-shared`,
    {
      method: "PATCH",
      token: user.token,
      json: { is_shared: next },
    },
  );
  if (acknowledged(result, 200)) submission.isShared = next;
}
