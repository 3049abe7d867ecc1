import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as confirmDeletion } from "@/app/api/account/delete/confirm/route";
import { POST as deleteAccountRoute } from "@/app/api/account/delete/route";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as me } from "@/app/api/auth/me/route";
import { PATCH as changeRole } from "@/app/api/family/members/[id]/route";
import { GET as getMemoryRoute } from "@/app/api/memories/[id]/route";
import { GET as sharedMemories } from "@/app/api/memories/shared/route";
import { PATCH as shareSubmission } from "@/app/api/questionnaires/submissions/[id]/toggle-shared/route";
import { GET as sharedSubmissions } from "@/app/api/questionnaires/submissions/shared/route";
import { GET as search } from "@/app/api/search/route";
import { Prisma } from "@/generated/prisma/client";
import { WRONG_PASSWORD } from "@/lib/schemas/email-address";
import { ACCOUNT_DELETED, DELETE_LINK_INVALID, LAST_ADMIN_DELETE, type KeepChoice } from "@/lib/schemas/family-circle";
import { GUESSES_WHILE_UNDER_ATTACK, signInRules } from "@/server/accounts/auth/sign-in-throttle";
import { deletionToken } from "@/server/accounts/deletion/delete-account";
import { bookStorageKey } from "@/server/book/print/build-book-job";
import { FORMER_MEMBER } from "@/server/family/members/former-member";
import { uploadSlotsByUser } from "@/server/memories/create-photo-upload";
import { setClock } from "@/server/platform/clock";
import { getDb, queryRows } from "@/server/platform/db/client";
import { consume } from "@/server/platform/http/rate-limit";
import { getStorage } from "@/server/platform/storage";
import { createAccount, type TestAccount } from "../helpers/accounts";
import { call, randomAddress, uniqueEmail } from "../helpers/api";
import { createMemoryAs, jpeg } from "../helpers/memories";
import { answer, createCustomQuestionnaire } from "../helpers/questionnaires";
import { putRecordingAs, recordingFixture } from "../helpers/recordings";
import { requestUpload, sendToStorage } from "../helpers/uploads";

// Deleting an account (docs/product.md, "Deleting an account"; docs/decisions/024-leaving-and-the-circle.md):
// afterwards no table holds a row that names the person, and storage holds none of their objects,
// but for what they chose to leave to the family, which then holds no link to them.

const deleteAs = (account: TestAccount, body: Record<string, unknown>) => call(deleteAccountRoute, "/api/account/delete", { token: account.token, body });

/** Every row of every table of the app, as text. */
async function everyRow() {
  const tables = await queryRows<{ table_name: string }>(
    Prisma.sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'`,
  );
  expect(tables.length).toBeGreaterThan(20);
  const rows: { table: string; row: string }[] = [];
  for (const { table_name } of tables) {
    const found = await queryRows<{ row: string }>(Prisma.sql`SELECT row_to_json(t)::text AS row FROM ${Prisma.raw(`"${table_name}"`)} t`);
    rows.push(...found.map(({ row }) => ({ table: table_name, row })));
  }
  return rows;
}

async function everyObject() {
  const keys: string[] = [];
  for await (const object of getStorage().list("")) keys.push(object.key);
  return keys;
}

/** A member with a bit of everything: memories (shared, private, with photos and recordings), answers, a questionnaire, an upload, links, settings. */
async function busyMember(familyId: string) {
  const marker = `Zeb${randomUUID().slice(0, 8)}`;
  const person = await createAccount({ familyId, firstName: marker, lastName: "Quill", email: uniqueEmail(marker.toLowerCase()) });
  const shared = await createMemoryAs(person.token, { title: "The boat trip", content: "We rowed to the island.", is_shared: "true" }, [
    { name: "boat.jpg", bytes: await jpeg() },
  ]);
  const secret = await createMemoryAs(person.token, { title: "My diary", is_shared: "false" }, [
    { name: "diary.jpg", bytes: await jpeg({ color: "#112233" }) },
  ]);
  const questionnaire = await createCustomQuestionnaire(person, { title: `${marker}'s questions` });
  await answer(person, [
    { question_id: questionnaire.questionIds[0]!, answer_text: "Grandma and the dog" },
    { question_id: questionnaire.questionIds[1]!, answer_text: "Pancakes" },
  ]);
  const submission = await (await getDb()).submission.findFirstOrThrow({ where: { user_id: person.user.id } });
  await call(shareSubmission, `/api/questionnaires/submissions/${submission.id}/toggle-shared`, {
    token: person.token,
    params: { id: submission.id },
    body: { is_shared: true },
    method: "PATCH",
  });
  const ticket = (await requestUpload(person.token, "pending.jpg", 1000)).body.data.upload;
  expect((await sendToStorage(ticket, await jpeg())).status).toBe(200);
  const prisma = await getDb();
  const soon = new Date(Date.now() + 60 * 60 * 1000);
  await prisma.passwordReset.create({ data: { user_id: person.user.id, token_hash: randomUUID(), expires_at: soon } });
  await prisma.emailVerification.create({ data: { user_id: person.user.id, email_normalized: person.user.email, token_hash: randomUUID(), expires_at: soon } });
  await prisma.emailPreference.create({ data: { user_id: person.user.id, kind: "weekly-digest", enabled: false } });
  await prisma.emailDelivery.create({ data: { message_id: `<${randomUUID()}@family-book>`, template: "password-reset", user_id: person.user.id } });
  await prisma.invitation.create({
    data: {
      family_id: familyId,
      invited_by_id: person.user.id,
      first_name: "Cousin",
      email: "cousin@example.com",
      email_normalized: "cousin@example.com",
      note: `From ${marker}`,
      code_hash: randomUUID(),
      expires_at: soon,
    },
  });
  await prisma.rateLimit.create({ data: { key: `rate:change-email-account:${person.user.id}`, points: 1 } });
  // Weekly questions to them, with a send and its answer link, and a digest.
  await prisma.weeklyQuestionPlan.create({
    data: {
      family_id: familyId,
      recipient_id: person.user.id,
      created_by_id: person.user.id,
      mode: "library",
      time_zone: "Europe/Stockholm",
      weekday: 0,
      hour: 9,
      origin: "https://familybook.example",
      items: { create: [{ position: 0, question_id: questionnaire.questionIds[0]! }] },
      sends: {
        create: [
          {
            question_id: questionnaire.questionIds[0]!,
            scheduled_for: new Date(),
            tokens: { create: [{ token_hash: randomUUID(), purpose: "answer", expires_at: soon }] },
          },
        ],
      },
    },
  });
  await prisma.weeklyDigest.create({ data: { user_id: person.user.id, week_of: new Date(), origin: "https://familybook.example" } });
  // Counters of their own: failed sign-ins at their address, photo upload slots by their id.
  await consume(signInRules.byAccount, person.user.email);
  await consume(uploadSlotsByUser, person.user.id);
  // A printed book they made, kept in storage under their id, and a comment and a reaction of theirs.
  const book = await prisma.bookBuild.create({
    data: { user_id: person.user.id, options: {}, status: "ready", origin: "https://familybook.example", expires_at: soon },
  });
  await prisma.bookBuild.update({ where: { id: book.id }, data: { storage_key: bookStorageKey(book) } });
  await getStorage().put(bookStorageKey(book), Buffer.from(`%PDF-1.7 ${marker}`), "application/pdf");
  const exportId = randomUUID();
  const exportKey = `exports/${person.user.id}/${exportId}/family-book-my-export.zip`;
  await getStorage().put(exportKey, Buffer.from(`PK ${marker}`), "application/zip");
  await prisma.dataExport.create({
    data: {
      id: exportId,
      user_id: person.user.id,
      scope: "account",
      status: "ready",
      storage_key: exportKey,
      origin: "https://familybook.example",
      expires_at: soon,
    },
  });
  await prisma.comment.create({ data: { memory_id: shared.id, family_id: person.user.family_id, user_id: person.user.id, body: `What a day, ${marker}` } });
  await prisma.reaction.create({ data: { memory_id: shared.id, family_id: person.user.family_id, user_id: person.user.id, kind: "love" } });
  // Both memories told out loud too.
  for (const memory of [shared, secret]) expect((await putRecordingAs(person.token, memory.id, recordingFixture("speech.ogg"))).status).toBe(200);
  const storedKeys = [
    ...(await prisma.memoryPhoto.findMany({ where: { memory: { user_id: person.user.id } } })).flatMap((photo) => [
      photo.original_key,
      photo.display_key,
      photo.thumbnail_key,
    ]),
    ...(await prisma.recording.findMany({ where: { memory: { user_id: person.user.id } } })).map((recording) => recording.original_key),
  ];
  expect(storedKeys).toHaveLength(8);
  return { person, marker, shared, secret, storedKeys, uploadKey: `uploads/${person.user.id}/${ticket.id}` };
}

/** A family of the founder and a busy relative to delete. */
async function familyWithBusyRelative() {
  const founder = await createAccount({ firstName: "Margaret", lastName: "Hughes" });
  const busy = await busyMember(founder.user.family_id);
  // The founder tags them and answers on their questionnaire: the family's own things stay.
  const founderMemory = await createMemoryAs(founder.token, { title: "Margaret's garden", is_shared: "true", taggedUserIds: [busy.person.user.id] });
  return { founder, founderMemory, ...busy };
}

describe("deleting an account, removing everything", () => {
  it("leaves no row that names the person in any table, and none of their objects in storage", async () => {
    const { founder, founderMemory, person, marker, shared, storedKeys, uploadKey } = await familyWithBusyRelative();
    const objectsBefore = await everyObject();
    expect(objectsBefore).toEqual(expect.arrayContaining([...storedKeys, uploadKey]));
    expect((await everyRow()).filter(({ row }) => row.includes(person.user.id)).length).toBeGreaterThan(10);

    const result = await deleteAs(person, { keep: "nothing", password: person.password });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ deleted: true, message: ACCOUNT_DELETED });
    expect(result.headers.getSetCookie().some((cookie) => cookie.startsWith("fb_session=;"))).toBe(true);

    const traces = (await everyRow()).filter(
      ({ row }) => row.includes(person.user.id) || row.includes(marker) || row.toLowerCase().includes(person.user.email.toLowerCase()),
    );
    expect(traces).toEqual([]);
    const objectsAfter = await everyObject();
    expect(objectsAfter.filter((key) => [...storedKeys, uploadKey].includes(key))).toEqual([]);
    expect(objectsAfter.filter((key) => key.includes(person.user.id))).toEqual([]);

    // Their session is gone; the family's own memory stays, without the tag.
    expect((await call(me, "/api/auth/me", { token: person.token })).status).toBe(401);
    const garden = await call(getMemoryRoute, `/api/memories/${founderMemory.id}`, { token: founder.token, params: { id: founderMemory.id } });
    expect(garden.body.data.memory.memory_tags).toEqual([]);
    expect((await call(getMemoryRoute, `/api/memories/${shared.id}`, { token: founder.token, params: { id: shared.id } })).status).toBe(404);
  });

  it("the only member of a family takes the family along", async () => {
    const alone = await createAccount({ firstName: "Solo", lastName: "Walker" });
    await createMemoryAs(alone.token, { title: "Alone", is_shared: "true" });
    expect((await deleteAs(alone, { keep: "shared_with_name", password: alone.password })).status).toBe(200);
    expect(await (await getDb()).family.count({ where: { id: alone.user.family_id } })).toBe(0);
    expect((await everyRow()).filter(({ row }) => row.includes(alone.user.id) || row.includes(alone.user.family_id))).toEqual([]);
  });
});

describe.each([
  ["shared_as_former_member", FORMER_MEMBER, ""],
  ["shared_with_name", "NAME", ""],
] as const)("deleting an account, leaving what was shared (%s)", (keep: KeepChoice, shownFirst, shownLast) => {
  it("keeps the shared memory, its photos and the shared answers for the family, with no link to the person; the rest goes", async () => {
    const { founder, person, marker, shared, secret, storedKeys, uploadKey } = await familyWithBusyRelative();
    const prisma = await getDb();
    const sharedKeys = [
      ...(await prisma.memoryPhoto.findMany({ where: { memory_id: shared.id } })).flatMap((photo) => [
        photo.original_key,
        photo.display_key,
        photo.thumbnail_key,
      ]),
      (await prisma.recording.findUniqueOrThrow({ where: { memory_id: shared.id } })).original_key,
    ];

    expect((await deleteAs(person, { keep, password: person.password })).status).toBe(200);

    const name = shownFirst === "NAME" ? `${marker} Quill` : shownFirst;
    const feed = await call(sharedMemories, "/api/memories/shared", { token: founder.token });
    const kept = feed.body.data.memories.find((memory: { id: string }) => memory.id === shared.id);
    expect(kept).toMatchObject({ user_id: null, title: "The boat trip", profiles: { first_name: name, last_name: shownLast } });
    expect(kept.memory_photos).toHaveLength(1);
    expect((await call(getMemoryRoute, `/api/memories/${secret.id}`, { token: founder.token, params: { id: secret.id } })).status).toBe(404);
    const answers = await call(sharedSubmissions, "/api/questionnaires/submissions/shared", { token: founder.token });
    expect(answers.body.data.submissions).toEqual([expect.objectContaining({ user_id: null, profiles: { first_name: name, last_name: "" } })]);
    expect(answers.body.data.submissions[0].responses.map((response: { answer_text: string }) => response.answer_text).sort()).toEqual([
      "Grandma and the dog",
      "Pancakes",
    ]);
    // Found by search, under the name left on it (or not by name at all).
    const found = await call(search, "/api/search?q=island", { token: founder.token });
    expect(found.body.data.results).toEqual([expect.objectContaining({ id: shared.id, author: { id: null, first_name: name, last_name: "" } })]);
    if (shownFirst === "NAME") expect((await call(search, `/api/search?q=${marker}`, { token: founder.token })).body.data.results.length).toBeGreaterThan(0);

    // No row holds the account's id or address; the name stays only on what they chose to sign.
    const traces = (await everyRow()).filter(({ row }) => row.includes(person.user.id) || row.toLowerCase().includes(person.user.email.toLowerCase()));
    expect(traces).toEqual([]);
    const named = (await everyRow()).filter(({ row }) => row.includes(marker));
    if (shownFirst === "NAME") {
      expect(named.map(({ table }) => table).sort()).toEqual(expect.arrayContaining(["memories", "submissions"]));
      expect(named.filter(({ table }) => !["memories", "submissions", "questionnaires"].includes(table))).toEqual([]);
    } else {
      // The questionnaire they wrote stays with the answers left on it (its title names them here).
      expect(named.map(({ table }) => table)).toEqual(["questionnaires"]);
    }
    const objects = await everyObject();
    expect(objects).toEqual(expect.arrayContaining(sharedKeys));
    expect(objects.filter((key) => [...storedKeys, uploadKey].includes(key) && !sharedKeys.includes(key))).toEqual([]);
  });
});

describe("deleting an account leaves other people's sign-in limits alone", () => {
  const signIn = (email: string, password: string, address: string) => call(login, "/api/auth/login", { address, body: { email, password } });

  it.each(["_", "%"])("an account whose address has %s where another address has a letter does not clear that address's counters", async (wildcard) => {
    const tag = randomUUID().slice(0, 8);
    const carol = await createAccount({ email: `c${tag}@example.com` });
    const guesser = randomAddress();
    for (let attempt = 0; attempt < signInRules.byAccountAndAddress.limit; attempt += 1)
      expect((await signIn(carol.user.email, "wrong", guesser)).status).toBe(401);
    expect((await signIn(carol.user.email, carol.password, guesser)).status).toBe(429);
    // Carol's account is under attack from many places: a fresh address gets only a few guesses.
    for (let attempt = 0; attempt < signInRules.byAccount.limit; attempt += 1) await consume(signInRules.byAccount, carol.user.email);

    // An address with a wildcard of SQL's LIKE where Carol's has the letter "c" ("%" cannot be
    // registered; an address kept from before the rule could hold it).
    const twin = await createAccount({ email: `x${tag}@example.com` });
    await (await getDb()).user.update({ where: { id: twin.user.id }, data: { email_normalized: `${wildcard}${tag}@example.com` } });
    expect((await deleteAs(twin, { keep: "nothing", password: twin.password })).status).toBe(200);

    expect((await signIn(carol.user.email, carol.password, guesser)).status).toBe(429);
    const fresh = randomAddress();
    for (let attempt = 0; attempt < GUESSES_WHILE_UNDER_ATTACK; attempt += 1) expect((await signIn(carol.user.email, "wrong", fresh)).status).toBe(401);
    expect((await signIn(carol.user.email, "wrong", fresh)).status).toBe(429);
  });

  it("clears the deleted account's own counters: its address may be registered and signed in to again at once", async () => {
    const email = uniqueEmail("gone");
    const person = await createAccount({ email });
    for (let attempt = 0; attempt < signInRules.byAccount.limit + 1; attempt += 1) await consume(signInRules.byAccount, email);
    expect((await deleteAs(person, { keep: "nothing", password: person.password })).status).toBe(200);
    const again = await createAccount({ email });
    const address = randomAddress();
    for (let attempt = 0; attempt < GUESSES_WHILE_UNDER_ATTACK + 1; attempt += 1) expect((await signIn(email, "wrong", address)).status).toBe(401);
    expect((await signIn(email, again.password, address)).status).toBe(200);
  });
});

describe("who may delete, and how it is confirmed", () => {
  it("asks for the password, and a choice; anonymous callers are refused", async () => {
    const person = await createAccount();
    const wrong = await deleteAs(person, { keep: "nothing", password: "not it at all" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(WRONG_PASSWORD);
    const noChoice = await deleteAs(person, { password: person.password });
    expect(noChoice.status).toBe(400);
    expect(noChoice.body.fieldErrors!.keep).toEqual(["Choose what happens to what you shared"]);
    expect((await call(deleteAccountRoute, "/api/account/delete", { body: { keep: "nothing", password: "x" } })).status).toBe(401);
    expect((await call(me, "/api/auth/me", { token: person.token })).status).toBe(200);
  });

  it("the family's last admin must hand over first; once someone else is admin, they may go", async () => {
    const founder = await createAccount({ firstName: "Margaret" });
    const relative = await createAccount({ familyId: founder.user.family_id });
    const refused = await deleteAs(founder, { keep: "nothing", password: founder.password });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(LAST_ADMIN_DELETE);
    await call(changeRole, `/api/family/members/${relative.user.id}`, {
      token: founder.token,
      params: { id: relative.user.id },
      body: { role: "admin" },
      method: "PATCH",
    });
    expect((await deleteAs(founder, { keep: "nothing", password: founder.password })).status).toBe(200);
  });

  it("an account without a password (Google) is emailed a link; the link deletes, once, within the hour", async () => {
    const person = await createAccount();
    await (await getDb()).user.update({ where: { id: person.user.id }, data: { password_hash: null } });
    const asked = await deleteAs(person, { keep: "nothing" });
    expect(asked.status).toBe(200);
    expect(asked.body.data).toEqual({ deleted: false, emailed: true });
    expect((await call(me, "/api/auth/me", { token: person.token })).status).toBe(200);

    const start = Date.now();
    const token = deletionToken(person.user.id, "nothing", new Date(start));
    setClock(() => start + 61 * 60 * 1000);
    try {
      const late = await call(confirmDeletion, "/api/account/delete/confirm", { body: { token } });
      expect(late.status).toBe(400);
      expect(late.body.error).toBe(DELETE_LINK_INVALID);
    } finally {
      setClock();
    }
    const forged = await call(confirmDeletion, "/api/account/delete/confirm", { body: { token: token.replace(".nothing.", ".shared_with_name.") } });
    expect(forged.body.error).toBe(DELETE_LINK_INVALID);
    const done = await call(confirmDeletion, "/api/account/delete/confirm", { body: { token } });
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ deleted: true, message: ACCOUNT_DELETED });
    expect((await call(confirmDeletion, "/api/account/delete/confirm", { body: { token } })).body.error).toBe(DELETE_LINK_INVALID);
    expect(await (await getDb()).user.count({ where: { id: person.user.id } })).toBe(0);
  });
});

describe("deletions racing", () => {
  it("two deletions at once: one deletes, the other finds nothing left", async () => {
    const founder = await createAccount();
    const person = await createAccount({ familyId: founder.user.family_id });
    await createMemoryAs(person.token, { title: "Twice", is_shared: "true" });
    const results = await Promise.all([
      deleteAs(person, { keep: "nothing", password: person.password }),
      deleteAs(person, { keep: "shared_as_former_member", password: person.password }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 401]);
    expect(await (await getDb()).user.count({ where: { id: person.user.id } })).toBe(0);
  });

  it("the last admin deleting while handing over: the family is never left without an admin", async () => {
    const founder = await createAccount();
    const relative = await createAccount({ familyId: founder.user.family_id });
    const results = await Promise.all([
      deleteAs(founder, { keep: "nothing", password: founder.password }),
      call(changeRole, `/api/family/members/${relative.user.id}`, {
        token: founder.token,
        params: { id: relative.user.id },
        body: { role: "admin" },
        method: "PATCH",
      }),
    ]);
    const [deletion, handover] = results;
    // Either the handover came first and the deletion followed, or the deletion was refused and the handover went through.
    expect(handover!.status).toBe(200);
    expect([200, 409]).toContain(deletion!.status);
    expect(await (await getDb()).user.count({ where: { family_id: founder.user.family_id, family_role: "admin" } })).toBe(1);
  });
});
