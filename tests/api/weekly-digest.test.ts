import { simpleParser } from "mailparser";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { PATCH as changePreferences } from "@/app/api/email-preferences/route";
import { POST as oneClick } from "@/app/api/unsubscribe/route";
import { latestDigestMoment } from "@/server/news/weekly-digest/digest-times";
import { runWeeklyDigests } from "@/server/news/weekly-digest/run-weekly-digests";
import { DIGEST_LIST_LIMIT } from "@/server/news/weekly-digest/weekly-digest-email";
import { getDb } from "@/server/platform/db/client";
import { createAccount, createConfirmedAccount, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { withSimulatedInstances } from "../helpers/email-jobs";
import { TestClock } from "../helpers/jobs";
import { createMemoryAs, jpeg } from "../helpers/memories";
import { rawHeader, type ReceivedEmail } from "../helpers/smtp-server";

// The weekly family digest (docs/product.md §14, docs/decisions/021-weekly-digest.md), simulated
// on a clock the test moves: the app's clock and the job queues' are one TestClock. Two queues
// work side by side, as two instances would, and each scheduler step runs the scheduler twice at
// once; each member's digest must still go out once a week, with what others shared that week.

const APP = "https://familybook.example";
/** Monday 1 November 2027, midnight UTC; the digests are due on Sundays at 17:00 UTC (7, 14 and 21 November). */
const START = Date.parse("2027-11-01T00:00:00Z");
const at = (iso: string) => new Date(iso);

const clock = new TestClock(START);
const instances = withSimulatedInstances(APP, clock, "weekly-digest-email");

/** Moves the clock to `iso`, runs the scheduler as two instances would, at once, then the emails it queued. */
async function schedulerStepAt(iso: string) {
  if (clock.now() < Date.parse(iso)) await clock.setTime(Date.parse(iso));
  const now = new Date(clock.now());
  await Promise.all([runWeeklyDigests({ now }), runWeeklyDigests({ now })]);
  await instances.runEmailJobs();
}

const digests = (account: TestAccount) => instances.smtp.to(account.user.email).filter(({ parsed }) => parsed.subject === "This week in the Family Book");

/** The memory titles and answers an email lists, in order, read from its plain-text part. */
const listed = (email: ReceivedEmail, names: string[]) => {
  const text = email.parsed.text ?? "";
  return names.filter((name) => text.includes(name)).sort((a, b) => text.indexOf(a) - text.indexOf(b));
};

/** A memory written through the API, dated on the test's calendar. */
async function memory(account: TestAccount, title: string, when: string, { shared = true, photo = false } = {}) {
  const created = await createMemoryAs(
    account.token,
    { title, is_shared: shared ? "true" : "false" },
    photo ? [{ name: "photo.jpg", bytes: await jpeg({ width: 800, height: 600 }) }] : [],
  );
  await (await getDb()).memory.update({ where: { id: created.id }, data: { created_at: at(when) } });
  return created;
}

/** An answer to a library question, shared with the family or not, dated on the test's calendar. */
async function answerOf(account: TestAccount, answerText: string, when: string, { shared = true, questionIndex = 0 } = {}) {
  const prisma = await getDb();
  const question = (
    await prisma.question.findMany({
      where: { questionnaire: { audience: "GLOBAL" } },
      orderBy: [{ questionnaire_id: "asc" }, { position: "asc" }],
      select: { id: true, questionnaire_id: true, question_text: true },
    })
  )[questionIndex]!;
  const submission = await prisma.submission.create({
    data: { questionnaire_id: question.questionnaire_id, user_id: account.user.id, family_id: account.user.family_id, created_at: at(when) },
  });
  await prisma.response.create({
    data: { submission_id: submission.id, question_id: question.id, answer_text: answerText, is_shared: shared, created_at: at(when) },
  });
  return question.question_text;
}

describe("the weekly family digest over three weeks for a family of three", () => {
  let margaret: TestAccount;
  let rose: TestAccount;
  let tom: TestAccount;
  let ruth: TestAccount;
  let olga: TestAccount;
  let firstQuestion: string;
  const titles = ["Picnic at the lake", "Tom's first bike", "Secret recipe", "Olga's garden", "Rose's wedding", "Late for the digest"];
  const answers = ["We lived above the bakery.", "Rose kept her diary private.", "Olga's answer.", "Tom, after the digest went out."];

  beforeAll(async () => {
    margaret = await createConfirmedAccount({ firstName: "Margaret", lastName: "Hughes" });
    rose = await createConfirmedAccount({ familyId: margaret.user.family_id, firstName: "Rose", lastName: "Hughes" });
    tom = await createConfirmedAccount({ familyId: margaret.user.family_id, firstName: "Tom", lastName: "Hughes" });
    // In the family, but nobody confirmed her address: nothing she could turn off goes to it.
    ruth = await createAccount({ familyId: margaret.user.family_id, firstName: "Ruth", lastName: "Hughes" });
    olga = await createConfirmedAccount({ firstName: "Olga", lastName: "Petrova" });
    // Margaret turns the digest off in Settings.
    const off = await call(changePreferences, "/api/email-preferences", { method: "PATCH", token: margaret.token, body: { "weekly-digest": false } });
    expect(off.status).toBe(200);

    // Week 1: Margaret shares a memory with a photo, then Tom one without; Margaret keeps one
    // private; Olga's family shares one; Tom shares an answer and Rose keeps hers private.
    await memory(margaret, "Picnic at the lake", "2027-11-02T10:00:00Z", { photo: true });
    await memory(tom, "Tom's first bike", "2027-11-03T10:00:00Z");
    await memory(margaret, "Secret recipe", "2027-11-03T11:00:00Z", { shared: false });
    await memory(olga, "Olga's garden", "2027-11-04T10:00:00Z");
    firstQuestion = await answerOf(tom, "We lived above the bakery.", "2027-11-05T10:00:00Z");
    await answerOf(rose, "Rose kept her diary private.", "2027-11-05T11:00:00Z", { shared: false, questionIndex: 1 });
    await answerOf(olga, "Olga's answer.", "2027-11-05T12:00:00Z", { questionIndex: 2 });
  });

  it("sends nothing before the digest moment, and each member's digest once at Sunday 17:00", async () => {
    await schedulerStepAt("2027-11-04T12:00:00Z");
    await schedulerStepAt("2027-11-07T16:00:00Z");
    expect(instances.smtp.received.filter(({ parsed }) => parsed.subject === "This week in the Family Book")).toHaveLength(0);
    await schedulerStepAt("2027-11-07T17:00:00Z");
    await schedulerStepAt("2027-11-07T18:00:00Z");

    expect(digests(rose)).toHaveLength(1);
    expect(digests(tom)).toHaveLength(1);
    // Turned off, unconfirmed, or nothing new from the rest of the family: no email.
    expect(digests(margaret)).toHaveLength(0);
    expect(digests(ruth)).toHaveLength(0);
    expect(digests(olga)).toHaveLength(0);
    const statuses = await (
      await getDb()
    ).weeklyDigest.findMany({ where: { user_id: { in: [margaret, ruth, olga].map((a) => a.user.id) } }, select: { user_id: true, status: true } });
    expect(Object.fromEntries(statuses.map((row) => [row.user_id, row.status]))).toEqual({
      [margaret.user.id]: "turned-off",
      [ruth.user.id]: "unconfirmed-address",
      [olga.user.id]: "nothing-new",
    });
  });

  it("lists what others in the family shared that week, newest first, with links and the unsubscribe header", () => {
    const [email] = digests(rose);
    expect(listed(email!, titles)).toEqual(["Tom's first bike", "Picnic at the lake"]);
    expect(listed(email!, answers)).toEqual(["We lived above the bakery."]);
    const text = email!.parsed.text ?? "";
    expect(text).toContain("Hello Rose,");
    expect(text).toContain("Your family shared 2 new memories and 1 new answer since we last wrote.");
    expect(text).toContain("Shared by Margaret Hughes");
    expect(text).toContain(firstQuestion);
    expect(text).toContain("Answered by Tom Hughes");
    expect(email!.parsed.html).toContain(`href="${APP}/family-book"`);
    expect(email!.parsed.html).toContain(`href="${APP}/family-book?tab=responses"`);
    expect(rawHeader(email!.parsed, "List-Unsubscribe")).toMatch(new RegExp(`^<${APP}/api/unsubscribe\\?token=[^>]+>$`));
    expect(rawHeader(email!.parsed, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

    // Tom's own memory and answer are not news to him.
    const [toms] = digests(tom);
    expect(listed(toms!, titles)).toEqual(["Picnic at the lake"]);
    expect(listed(toms!, answers)).toEqual([]);
    expect(toms!.parsed.text).toContain("Your family shared 1 new memory since we last wrote.");
  });

  it("carries the photo's thumbnail inside the email, shown by cid with the memory's title as its text", async () => {
    const [email] = digests(rose);
    const inline = email!.parsed.attachments.filter((attachment) => attachment.contentId);
    expect(inline).toHaveLength(1);
    const image = inline[0]!;
    expect(image.contentType).toBe("image/jpeg");
    expect(image.contentDisposition).toBe("inline");
    const metadata = await sharp(image.content).metadata();
    expect(metadata.format).toBe("jpeg");
    expect(metadata.width).toBeLessThan(800);
    const cid = image.contentId!.replace(/^<|>$/g, "");
    // Parsed again keeping cid: links (by default mailparser turns them into data: URLs).
    const html = (await simpleParser(email!.raw, { keepCidLinks: true })).html || "";
    expect(html).toContain(`<img alt="Picnic at the lake" src="cid:${cid}"`);
    expect(email!.raw.toString("utf8")).not.toContain("/api/photos");
  });

  it("sends nothing in a week when only the member themself shared, and the next digest starts where the last sent one ended", async () => {
    // Week 2: only Rose shares; something Tom shares after Sunday 17:00 waits for week 3.
    await memory(rose, "Rose's wedding", "2027-11-10T10:00:00Z");
    await answerOf(tom, "Tom, after the digest went out.", "2027-11-14T17:30:00Z", { questionIndex: 3 });
    await schedulerStepAt("2027-11-14T17:00:00Z");
    await schedulerStepAt("2027-11-14T18:00:00Z");
    expect(digests(rose)).toHaveLength(1);
    expect(digests(tom)).toHaveLength(2);
    expect(listed(digests(tom)[1]!, titles)).toEqual(["Rose's wedding"]);
    expect(listed(digests(tom)[1]!, answers)).toEqual([]);
    const roseWeek2 = await (await getDb()).weeklyDigest.findFirstOrThrow({ where: { user_id: rose.user.id, week_of: at("2027-11-14T17:00:00Z") } });
    expect(roseWeek2.status).toBe("nothing-new");

    // Week 3: Rose's digest has Tom's late answer, and nothing from week 1 again.
    await schedulerStepAt("2027-11-21T17:00:00Z");
    expect(digests(rose)).toHaveLength(2);
    expect(listed(digests(rose)[1]!, [...titles, ...answers])).toEqual(["Tom, after the digest went out."]);
    const roseWeek3 = await (await getDb()).weeklyDigest.findFirstOrThrow({ where: { user_id: rose.user.id, week_of: at("2027-11-21T17:00:00Z") } });
    expect(roseWeek3.since).toEqual(at("2027-11-07T17:00:00Z"));
    expect(digests(tom)).toHaveLength(2);
    // One row per member and week, however many schedulers ran.
    expect(await (await getDb()).weeklyDigest.count({ where: { user_id: rose.user.id } })).toBe(3);
  });

  it("lists at most ten of each and counts the rest", async () => {
    for (let index = 0; index < DIGEST_LIST_LIMIT + 2; index += 1)
      await memory(tom, `Tom's memory ${index + 1}`, `2027-11-2${3 + (index % 4)}T${String(10 + index).padStart(2, "0")}:00:00Z`);
    await schedulerStepAt("2027-11-28T17:00:00Z");
    const email = digests(rose)[2]!;
    expect(email.parsed.text).toContain("Your family shared 12 new memories since we last wrote.");
    expect(email.parsed.text).toContain("And 2 more memories in the Family Book.");
    expect((email.parsed.text!.match(/Shared by Tom Hughes/g) ?? []).length).toBe(DIGEST_LIST_LIMIT);
  });

  it("stops after the member unsubscribes with the email's one-click link", async () => {
    const link = rawHeader(digests(rose)[2]!.parsed, "List-Unsubscribe")!.replace(/^<|>$/g, "");
    const result = await call(oneClick, link.slice(APP.length), { method: "POST", body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }) });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ kind: "weekly-digest", enabled: false });
    await memory(margaret, "After Rose said no", "2027-12-01T10:00:00Z");
    await schedulerStepAt("2027-12-05T17:00:00Z");
    expect(digests(rose)).toHaveLength(3);
    // Tom's third: weeks 3 and 4 brought him only his own.
    expect(digests(tom)).toHaveLength(3);
    expect(listed(digests(tom)[2]!, ["After Rose said no"])).toEqual(["After Rose said no"]);
  });
});

describe("digest moments", () => {
  it("are Sundays at 17:00 in the member's time zone, local time kept across daylight saving", () => {
    expect(latestDigestMoment("UTC", at("2027-11-07T16:59:00Z")).toISOString()).toBe("2027-10-31T17:00:00.000Z");
    expect(latestDigestMoment("UTC", at("2027-11-07T17:00:00Z")).toISOString()).toBe("2027-11-07T17:00:00.000Z");
    // Chicago: CDT (UTC−5) on 31 October, CST (UTC−6) from 7 November.
    expect(latestDigestMoment("America/Chicago", at("2027-11-07T22:59:00Z")).toISOString()).toBe("2027-10-31T22:00:00.000Z");
    expect(latestDigestMoment("America/Chicago", at("2027-11-07T23:00:00Z")).toISOString()).toBe("2027-11-07T23:00:00.000Z");
  });
});
