import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { PATCH as changePreferences } from "@/app/api/email-preferences/route";
import { GET as downloadBook } from "@/app/api/family-book/pdf/route";
import { POST as answerFollowUp } from "@/app/api/follow-ups/[id]/answer/route";
import { POST as askFollowUp } from "@/app/api/follow-ups/route";
import { GET as notificationsRoute } from "@/app/api/notifications/route";
import { GET as sharedAnswers } from "@/app/api/questionnaires/responses/shared/route";
import { PATCH as changePlan } from "@/app/api/weekly-questions/[id]/route";
import { POST as answerByLink, PATCH as shareByLink } from "@/app/api/weekly-questions/answer/route";
import { GET as listPlans, POST as startPlan } from "@/app/api/weekly-questions/route";
import { jobDefinitions } from "@/server/job-list";
import { runWeeklyDigests } from "@/server/news/weekly-digest/run-weekly-digests";
import { getDb } from "@/server/platform/db/client";
import { resetEnvForTests } from "@/server/platform/env";
import { getStorage } from "@/server/platform/storage";
import { listCompletedQuestionnaires } from "@/server/questions/questionnaires/list-completed-questionnaires";
import { runWeeklyQuestions } from "@/server/questions/weekly-questions/run-weekly-questions";
import { createAccount, createConfirmedAccount, type TestAccount } from "../helpers/accounts";
import { call, ORIGIN } from "../helpers/api";
import { withSimulatedInstances } from "../helpers/email-jobs";
import { advanceUntil, startTestQueue, TestClock } from "../helpers/jobs";
import { createMemoryAs } from "../helpers/memories";
import { readPdf } from "../helpers/pdf-text";
import { recordingFixture } from "../helpers/recordings";
import { INBOUND_TEST_DOMAIN, postInbound, rawMessage, replyAddressOf, replyTo, sendBySmtp } from "../helpers/replies";
import { rawHeader, type ReceivedEmail } from "../helpers/smtp-server";

// Weekly questions (docs/product.md §13, docs/decisions/019-weekly-questions.md), simulated on a
// clock the test moves: the app's clock and the job queue's are one TestClock. Two job queues run
// side by side, as two instances would, and every step of the simulation runs the scheduler twice
// at once; each weekly email must still go out exactly once, at the recipient's local hour.

const APP = "https://familybook.example";
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** Monday 25 October 2027, midnight UTC: London leaves summer time on the 31st, Chicago on 7 November. */
const START = Date.parse("2027-10-25T00:00:00Z");

const clock = new TestClock(START);
const instances = withSimulatedInstances(APP, clock, ["weekly-question-email", "weekly-digest-email"], { inbound: true });

/** Runs the email jobs queued so far on both instances, moving the clock a second at a time. */
const runEmailJobs = () => instances.runEmailJobs();

/** The scheduler as two instances run it, at the same moment, then the emails it queued. */
async function schedulerStep() {
  const now = new Date(clock.now());
  await Promise.all([runWeeklyQuestions({ now }), runWeeklyQuestions({ now })]);
  await runEmailJobs();
}

/** The weekly family digest's scheduler too, as two instances run it (the four weeks' simulation). */
async function digestStep() {
  const now = new Date(clock.now());
  await Promise.all([runWeeklyDigests({ now }), runWeeklyDigests({ now })]);
  await runEmailJobs();
}

const digests = (account: TestAccount) => instances.smtp.to(account.user.email).filter(({ parsed }) => parsed.subject === "This week in the Family Book");

const weeklyEmails = (account: TestAccount) =>
  instances.smtp.to(account.user.email).filter(({ parsed }) => /^(This week's question|A gentle reminder): /.test(parsed.subject ?? ""));

const answerToken = (email: ReceivedEmail, which = 0) =>
  [...(email.parsed.text ?? "").matchAll(/\/answer\?token=([A-Za-z0-9_-]+)/g)].map((match) => match[1]!)[which]!;

const answer = (token: string, answerText: string, signedInAs?: TestAccount) =>
  call(answerByLink, "/api/weekly-questions/answer", { body: { token, answer_text: answerText }, token: signedInAs?.token });

const setUp = (organiser: TestAccount, body: Record<string, unknown>) => call(startPlan, "/api/weekly-questions", { token: organiser.token, body });

const childhoodQuestionnaireId = async () =>
  (await (await getDb()).questionnaire.findFirstOrThrow({ where: { title: "Childhood Memories" }, select: { id: true } })).id;

async function responsesOf(account: TestAccount) {
  return (await getDb()).response.count({ where: { submission: { user_id: account.user.id } } });
}

async function memoriesOf(account: TestAccount) {
  return (await getDb()).memory.count({ where: { user_id: account.user.id } });
}

/** A small real photo, as a phone would attach it. */
const photo = async (name: string, colour = "#c96") => ({
  filename: name,
  contentType: "image/jpeg",
  content: await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .jpeg()
    .toBuffer(),
});

/** The PDF book as a member downloads it, as text. */
async function bookText(account: TestAccount) {
  const response = await downloadBook(new Request(`${ORIGIN}/api/family-book/pdf`, { headers: { authorization: `Bearer ${account.token}` } }), {
    params: Promise.resolve({}),
  });
  expect(response.status).toBe(200);
  return (await readPdf(new Uint8Array(await response.arrayBuffer()))).pages.join("\n").replace(/\s+/g, " ");
}

describe("four weeks of weekly questions for a family of three", () => {
  let margaret: TestAccount;
  let rose: TestAccount;
  let tom: TestAccount;
  /** When (on the test's clock) each weekly email arrived, by recipient. */
  const arrivals = new Map<string, { at: string; subject: string }[]>();

  beforeAll(async () => {
    margaret = await createConfirmedAccount({ firstName: "Margaret", lastName: "Hughes" });
    rose = await createConfirmedAccount({ familyId: margaret.user.family_id, firstName: "Rose", lastName: "Hughes" });
    tom = await createConfirmedAccount({ familyId: margaret.user.family_id, firstName: "Tom", lastName: "Hughes" });
    await runEmailJobs();

    // Margaret sets up Grandma Rose's, in Chicago, Sundays at 10:00, shared with the family; Tom his own, in London, Wednesdays at 19:00.
    const forRose = await setUp(margaret, {
      recipient_id: rose.user.id,
      source: "questionnaire",
      questionnaire_id: await childhoodQuestionnaireId(),
      weekday: 7,
      hour: 10,
      time_zone: "America/Chicago",
      share_by_default: true,
    });
    expect(forRose.status).toBe(201);
    expect(forRose.body.data.plan).toMatchObject({
      status: "active",
      mode: "chosen",
      next_send_at: "2027-10-31T15:00:00.000Z",
      questions_total: 8,
      share_by_default: true,
    });
    const forTom = await setUp(tom, { recipient_id: tom.user.id, source: "surprise", weekday: 3, hour: 19, time_zone: "Europe/London" });
    expect(forTom.status).toBe(201);
    expect(forTom.body.data.plan).toMatchObject({ mode: "surprise", next_send_at: "2027-10-27T18:00:00.000Z", share_by_default: false, questions_total: null });
    await runEmailJobs();

    // Four weeks, an hour at a time. Rose answers each question from its email as soon as it arrives,
    // except the third; Tom answers none until the fourth week, when he answers the waiting one.
    const seen = new Set<ReceivedEmail>();
    for (let at = START + HOUR; at <= START + 28 * DAY; at += HOUR) {
      if (clock.now() < at) await clock.setTime(at);
      await schedulerStep();
      await digestStep();
      for (const member of [rose, tom]) {
        for (const email of weeklyEmails(member).filter((email) => !seen.has(email))) {
          seen.add(email);
          const list = arrivals.get(member.user.id) ?? [];
          list.push({ at: new Date(Math.floor(clock.now() / HOUR) * HOUR).toISOString(), subject: email.parsed.subject! });
          arrivals.set(member.user.id, list);
          const isQuestion = email.parsed.subject!.startsWith("This week's question");
          const week = list.filter((entry) => entry.subject.startsWith("This week's")).length;
          const roseAnswer = `Rose's answer to: ${email.parsed.subject}`;
          // Grandma Rose answers her first question by replying from her phone, with a photo; the
          // second with the button; the third not at all; the fourth by a reply her provider posts.
          if (member === rose && isQuestion && week === 1) {
            const sent = await sendBySmtp(
              instances.inboundPort,
              replyTo(email, { from: `Rose Hughes <${rose.user.email}>`, text: `${roseAnswer}\n\nSent from my iPhone`, photos: [await photo("IMG_0001.JPG")] }),
            );
            expect(sent.response).toMatch(/^250 /);
          }
          if (member === rose && isQuestion && week === 2) expect((await answer(answerToken(email), roseAnswer)).status).toBe(201);
          if (member === rose && isQuestion && week === 4) {
            const posted = await postInbound(await rawMessage(replyTo(email, { from: rose.user.email, text: roseAnswer })));
            expect(posted).toEqual({ status: 200, body: { success: true, data: { outcome: "answered", reason: null }, error: null } });
          }
          if (member === tom && isQuestion && email.parsed.text?.includes("Last week's question is still waiting too") && list.length > 6) {
            expect((await answer(answerToken(email, 1), "Tom answers last week's question at last.")).status).toBe(201);
          }
        }
      }
    }
  }, 300_000);

  it("tells Grandma by email who set up her weekly questions, that her answers will be shared with the family, and how to change that", () => {
    const [started] = instances.smtp.to(rose.user.email).filter(({ parsed }) => parsed.subject === "Margaret Hughes set up weekly questions for you");
    expect(started).toBeDefined();
    const text = started!.parsed.text!.replace(/\s+/g, " ");
    expect(text).toContain("Each week, Sundays at 10:00, you will get one question about your life by email");
    // The email says what the plan really does: these answers go to the family's book.
    expect(text).toContain(
      "Margaret Hughes asked for your answers to be shared with your family in the Family Book, where Margaret Hughes and your other relatives can read them.",
    );
    expect(text).toContain("Each time you answer, you can choose to keep that answer private instead");
    expect(text).not.toContain("they stay private unless you choose");
    expect(started!.parsed.html).toContain(`href="${APP}/weekly-questions"`);
  });

  it("sends each recipient's question at their local hour, across both daylight-saving changes, exactly once", () => {
    const questionTimes = (member: TestAccount) =>
      arrivals
        .get(member.user.id)!
        .filter((entry) => entry.subject.startsWith("This week's"))
        .map((entry) => entry.at);
    // Chicago: 10:00 CDT is 15:00 UTC until 7 November, then 10:00 CST is 16:00 UTC.
    expect(questionTimes(rose)).toEqual(["2027-10-31T15:00:00.000Z", "2027-11-07T16:00:00.000Z", "2027-11-14T16:00:00.000Z", "2027-11-21T16:00:00.000Z"]);
    // London: 19:00 BST is 18:00 UTC until 31 October, then 19:00 GMT is 19:00 UTC.
    expect(questionTimes(tom)).toEqual(["2027-10-27T18:00:00.000Z", "2027-11-03T19:00:00.000Z", "2027-11-10T19:00:00.000Z", "2027-11-17T19:00:00.000Z"]);
    // Two instances ran the scheduler at every step, and two queues worked the emails: none went twice.
    expect(weeklyEmails(rose)).toHaveLength(4 + 1);
    expect(weeklyEmails(tom)).toHaveLength(4 + 4);
    expect(new Set([...weeklyEmails(rose), ...weeklyEmails(tom)].map((email) => email.parsed.messageId)).size).toBe(13);
  });

  it("writes the weekly email with the question, its description, who asked, one large button and an unsubscribe header", () => {
    const [first] = weeklyEmails(rose);
    expect(first!.parsed.subject).toBe("This week's question: Where and when were you born?");
    expect(first!.parsed.text).toContain("Hello Rose,");
    expect(first!.parsed.text).toContain("Margaret Hughes asked you this question, from “Childhood Memories”.");
    expect(first!.parsed.text).toContain("The town, the hospital or the house, and anything you were told about that day.");
    expect(first!.parsed.text).toContain("Your answer will be shared with your family in the Family Book; you can hide it later.");
    expect(first!.parsed.html).toMatch(
      new RegExp(`<a href="${APP}/answer\\?token=[A-Za-z0-9_-]{43}"[^>]*>(<span>.*?</span>)?<span[^>]*>Answer this question</span>`),
    );
    expect(rawHeader(first!.parsed, "List-Unsubscribe")).toMatch(new RegExp(`^<${APP}/api/unsubscribe\\?token=${rose.user.id}\\.weekly-questions\\.`));
    // Tom set up his own: nobody else "asked".
    expect(weeklyEmails(tom)[0]!.parsed.text).toContain("You asked for a question each week");
    expect(weeklyEmails(tom)[0]!.parsed.text).toContain("Your answer stays private unless you choose to share it with your family.");
  });

  it("asks Grandma's chosen questions in order, never one she answered", async () => {
    const sends = await (
      await getDb()
    ).weeklyQuestionSend.findMany({
      where: { plan: { recipient_id: rose.user.id } },
      orderBy: { scheduled_for: "asc" },
      select: { question: { select: { question_text: true } } },
    });
    expect(sends.map((send) => send.question.question_text)).toEqual([
      "Where and when were you born?",
      "Describe the home you grew up in.",
      "What is your earliest memory?",
      "What games did you play, and who did you play them with?",
    ]);
  });

  it("reminds once, four local days later, only about a question still unanswered, and never once a newer one went out", async () => {
    const reminders = (member: TestAccount) => arrivals.get(member.user.id)!.filter((entry) => entry.subject.startsWith("A gentle reminder"));
    // Rose left only her third question unanswered: one reminder, Thursday 18 November at 10:00 in Chicago.
    expect(reminders(rose)).toEqual([{ at: "2027-11-18T16:00:00.000Z", subject: "A gentle reminder: What is your earliest memory?" }]);
    // Tom's: Sunday 31 October 19:00 London (four days after Wednesday 19:00 BST, now GMT), and so on each week.
    expect(reminders(tom).map((entry) => entry.at)).toEqual([
      "2027-10-31T19:00:00.000Z",
      "2027-11-07T19:00:00.000Z",
      "2027-11-14T19:00:00.000Z",
      "2027-11-21T19:00:00.000Z",
    ]);
    const sends = await (await getDb()).weeklyQuestionSend.findMany({ where: { plan: { recipient_id: tom.user.id } }, select: { reminded_at: true } });
    expect(sends.every((send) => send.reminded_at !== null)).toBe(true);
  });

  it("carries last week's unanswered question in the next email instead of an email of its own", () => {
    const tomQuestions = weeklyEmails(tom).filter(({ parsed }) => parsed.subject!.startsWith("This week's"));
    expect(tomQuestions[0]!.parsed.text).not.toContain("still waiting");
    for (const email of tomQuestions.slice(1)) expect(email.parsed.text).toContain("Last week's question is still waiting too:");
    // Rose answered her first two at once: her second and third emails carry nothing more; her fourth carries the third.
    const roseQuestions = weeklyEmails(rose).filter(({ parsed }) => parsed.subject!.startsWith("This week's"));
    expect(roseQuestions.map((email) => email.parsed.text!.includes("still waiting"))).toEqual([false, false, false, true]);
  });

  it("asks replies to go to an address of the question's own, carrying the same token as the button", () => {
    for (const email of [...weeklyEmails(rose), ...weeklyEmails(tom)]) {
      expect(replyAddressOf(email)).toBe(`answers+${answerToken(email)}@${INBOUND_TEST_DOMAIN}`);
    }
    expect(weeklyEmails(rose)[0]!.parsed.text).toContain("Or simply reply to this email: what you write above the quoted email becomes your answer");
  });

  it("keeps the photo of the reply by email with its answer itself, and makes no memory of it", async () => {
    const prisma = await getDb();
    expect(await prisma.memory.count({ where: { user_id: rose.user.id } })).toBe(0);
    const withPhotos = await prisma.response.findMany({
      where: { submission: { user_id: rose.user.id }, photos: { some: {} } },
      select: { answer_text: true, photos: { select: { content_type: true, width: true, order_number: true, original_key: true } } },
    });
    expect(withPhotos).toEqual([
      {
        answer_text: "Rose's answer to: This week's question: Where and when were you born?",
        photos: [
          {
            content_type: "image/jpeg",
            width: 64,
            order_number: 0,
            original_key: expect.stringMatching(/^answers\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/original\.jpg$/),
          },
        ],
      },
    ]);
  });

  it("puts the shared answers, however they came, in the printed Family Book", async () => {
    const text = await bookText(margaret);
    for (const question of ["Where and when were you born?", "Describe the home you grew up in.", "What games did you play, and who did you play them with?"]) {
      expect(text).toContain(`Rose's answer to: This week's question: ${question}`);
    }
    expect(text).not.toContain("Tom answers last week's question at last.");
  });

  it("lists in each Sunday's digest exactly the answers shared that week, whichever way they came, and sends none in a week without any", () => {
    const roseAnswers = [
      "Where and when were you born?",
      "Describe the home you grew up in.",
      "What is your earliest memory?",
      "What games did you play, and who did you play them with?",
    ].map((question) => `Rose's answer to: This week's question: ${question}`);
    const everything = [...roseAnswers, "Tom answers last week's question at last."];
    const listed = (email: ReceivedEmail) => everything.filter((text) => (email.parsed.text ?? "").includes(text));
    // Sundays at 17:00: Margaret's in UTC (she gets no weekly questions), Tom's in London (GMT by then).
    for (const member of [margaret, tom]) {
      expect(digests(member).map(listed)).toEqual([[roseAnswers[0]], [roseAnswers[1]], [roseAnswers[3]]]);
    }
    // Rose's own answers are not news to her, and Tom's are private.
    expect(digests(rose)).toEqual([]);
  });

  it("tells Grandma, by email, that each answer she sent by reply arrived, and what became of it; never for an answer by the button", () => {
    const received = instances.smtp.to(rose.user.email).filter(({ parsed }) => parsed.subject?.startsWith("We received your answer: "));
    // Week 1 by SMTP reply (with a photo), week 4 by the provider's post; week 2 by the button.
    expect(received.map(({ parsed }) => parsed.subject)).toEqual([
      "We received your answer: Where and when were you born?",
      "We received your answer: What games did you play, and who did you play them with?",
    ]);
    const first = received[0]!.parsed.text!.replace(/\s+/g, " ");
    expect(first).toContain("Thank you, Rose. Your answer to this question is saved, with its photo:");
    expect(first).toContain("Rose's answer to: This week's question: Where and when were you born?");
    expect(first).toContain("It is shared with your family in the Family Book.");
    expect(received[0]!.parsed.html).toMatch(new RegExp(`href="${APP}/answer\\?token=[A-Za-z0-9_-]{43}"`));
    expect(rawHeader(received[0]!.parsed, "List-Unsubscribe")).toMatch(/answer-received/);
  });

  it("tells Margaret, who set them up, of each answer as it came; Tom, who set up his own, hears of nothing", async () => {
    const texts = async (account: TestAccount) =>
      (
        (await call(notificationsRoute, "/api/notifications?limit=50", { token: account.token })).body.data.notifications as {
          text: string;
          kind: string;
          href: string;
        }[]
      ).filter((entry) => entry.kind === "weekly_answer");
    const margarets = await texts(margaret);
    expect(margarets.map((entry) => entry.text)).toEqual([
      "Rose Hughes answered this week's question: “What games did you play, and who did you play them with?”",
      "Rose Hughes answered this week's question: “Describe the home you grew up in.”",
      "Rose Hughes answered this week's question: “Where and when were you born?”",
    ]);
    expect(margarets[0]!.href).toMatch(new RegExp(`^/family-book\\?tab=responses&member=${rose.user.id}#answer-[0-9a-f-]{36}$`));
    expect(await texts(tom)).toEqual([]);
    expect(await texts(rose)).toEqual([]);
  });

  it("saves answers as ordinary answers: in Completed Questionnaires, and in the Family Book when shared", async () => {
    const completed = await listCompletedQuestionnaires({ viewer: rose.user });
    const childhood = completed.find((entry) => entry.questionnaire.title === "Childhood Memories")!;
    // A questionnaire that takes one set of answers gathers the weekly answers in one submission.
    expect(childhood.submissions).toHaveLength(1);
    expect(childhood.submissions[0]!.responses.map((response) => response.answer_text).sort()).toEqual([
      "Rose's answer to: This week's question: Describe the home you grew up in.",
      "Rose's answer to: This week's question: What games did you play, and who did you play them with?",
      "Rose's answer to: This week's question: Where and when were you born?",
    ]);
    expect(childhood.submissions[0]!.responses.every((response) => response.is_shared)).toBe(true);

    const feed = await call(sharedAnswers, "/api/questionnaires/responses/shared", { token: margaret.token });
    const texts = (feed.body.data.responses as { answer_text: string }[]).map((response) => response.answer_text);
    expect(texts).toContain("Rose's answer to: This week's question: Where and when were you born?");
    // Tom's weekly questions are private by default: his answer is in his own list, not in the family's.
    expect(texts).not.toContain("Tom answers last week's question at last.");
    const tomsCompleted = await listCompletedQuestionnaires({ viewer: tom.user });
    expect(tomsCompleted.flatMap((entry) => entry.submissions.flatMap((submission) => submission.responses.map((response) => response.answer_text)))).toEqual([
      "Tom answers last week's question at last.",
    ]);
  });

  it("shows the organiser what was sent and answered and when the next question goes", async () => {
    const result = await call(listPlans, "/api/weekly-questions", { token: margaret.token });
    expect(result.status).toBe(200);
    expect(result.body.data.plans).toHaveLength(1);
    const [plan] = result.body.data.plans;
    expect(plan).toMatchObject({
      recipient: { id: rose.user.id, first_name: "Rose" },
      organiser: { id: margaret.user.id, first_name: "Margaret" },
      status: "active",
      sent_count: 4,
      answered_count: 3,
      next_send_at: "2027-11-28T16:00:00.000Z",
    });
    expect(plan.recent_sends.map((send: { state: string; reminded: boolean }) => [send.state, send.reminded])).toEqual([
      ["answered", false],
      ["waiting", true],
      ["answered", false],
      ["answered", false],
    ]);
    // Tom's own plan is his and Rose's is not his to see.
    const toms = await call(listPlans, "/api/weekly-questions", { token: tom.token });
    expect(toms.body.data.plans.map((entry: { recipient: { id: string } }) => entry.recipient.id)).toEqual([tom.user.id]);
  });
});

/** A member with weekly questions whose first question was just emailed; returns its link's token. */
async function emailedQuestion(options: { share?: boolean } = {}) {
  const member = await createConfirmedAccount({ firstName: "Iris", lastName: "Bell" });
  const result = await setUp(member, {
    recipient_id: member.user.id,
    source: "questionnaire",
    questionnaire_id: await childhoodQuestionnaireId(),
    weekday: 1,
    hour: 9,
    time_zone: "UTC",
    share_by_default: options.share ?? false,
  });
  expect(result.status).toBe(201);
  await clock.setTime(Date.parse(result.body.data.plan.next_send_at));
  await schedulerStep();
  const [email] = weeklyEmails(member);
  return { member, token: answerToken(email!), planId: result.body.data.plan.id as string, email: email! };
}

describe("questions from the family in the weekly email", () => {
  const ask = (account: TestAccount, memoryId: string, question: string) =>
    call(askFollowUp, "/api/follow-ups", { token: account.token, body: { memory_id: memoryId, question } });
  async function nextWeeklyEmail(member: TestAccount) {
    const plans = await call(listPlans, "/api/weekly-questions", { token: member.token });
    const before = weeklyEmails(member).length;
    await clock.setTime(Date.parse(plans.body.data.plans[0].next_send_at));
    await schedulerStep();
    const emails = weeklyEmails(member);
    expect(emails).toHaveLength(before + 1);
    return emails.at(-1)!;
  }

  it("carries the oldest three questions the family asked the author, each with a link to answer it, until it is answered", async () => {
    const { member, email: first } = await emailedQuestion();
    expect(first.parsed.text).not.toContain("Your family asked you to tell more");
    const olof = await createAccount({ familyId: member.user.family_id, firstName: "Olof", lastName: "Hughes" });
    const rose = await createAccount({ familyId: member.user.family_id, firstName: "Rose", lastName: "Hughes" });
    const lake = await createMemoryAs(member.token, { title: "Summer at the lake", is_shared: "true" });
    const garden = await createMemoryAs(rose.token, { title: "The garden", is_shared: "true" });
    const questions = ["Who taught you to <b>row</b> & swim?", "Was the water cold?", "Did you ever capsize?", "Who else came along?"];
    const ids: string[] = [];
    for (const question of questions) {
      const asked = await ask(olof, lake.id, question);
      expect(asked.status).toBe(201);
      ids.push(asked.body.data.follow_up.id);
    }
    // A question to another author is theirs, not in this email.
    expect((await ask(olof, garden.id, "What did you grow?")).status).toBe(201);

    const second = await nextWeeklyEmail(member);
    const text = second.parsed.text!;
    expect(text).toContain("Your family asked you to tell more:");
    expect(text).toContain("Olof Hughes asked about “Summer at the lake”:");
    for (const [index, question] of questions.slice(0, 3).entries()) {
      expect(text).toContain(question);
      expect(text).toContain(`${APP}/follow-ups#follow-up-${ids[index]}`);
      expect(second.parsed.html).toContain(`href="${APP}/follow-ups#follow-up-${ids[index]}"`);
    }
    expect(text.indexOf(questions[0]!)).toBeLessThan(text.indexOf(questions[1]!));
    expect(text).not.toContain(questions[3]);
    expect(text).toContain("1 more question waits for you in Family Book.");
    expect(text).not.toContain("What did you grow?");
    // The question is the relative's own text, shown as text: never markup in the email.
    expect(second.parsed.html).toContain("&lt;b&gt;row&lt;/b&gt; &amp; swim?");
    expect(second.parsed.html).not.toContain("<b>row</b>");

    // Answered, it is no longer asked; the fourth takes its place.
    const answered = await call(answerFollowUp, `/api/follow-ups/${ids[0]}/answer`, {
      token: member.token,
      params: { id: ids[0]! },
      body: { answer: "My father, on the lake." },
    });
    expect(answered.status).toBe(200);
    const third = (await nextWeeklyEmail(member)).parsed.text!;
    expect(third).not.toContain(questions[0]);
    for (const question of questions.slice(1)) expect(third).toContain(question);
    expect(third).not.toContain("more question");
  });
});

describe("answer links", () => {
  it("opens without a password, saves the answer once, and refuses the same link again (nothing more saved)", async () => {
    const { member, token } = await emailedQuestion();
    const first = await answer(token, "In the front room of my grandmother's house.");
    expect(first.status).toBe(201);
    expect(first.body.data.answer.is_shared).toBe(false);
    const again = await answer(token, "A second answer.");
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("This question has been answered. Sign in to Family Book to read or share your answer.");
    expect(await responsesOf(member)).toBe(1);
  });

  it("saves one answer when the same link is submitted twice at once", async () => {
    const { member, token } = await emailedQuestion();
    const results = await Promise.all([answer(token, "Double tap one."), answer(token, "Double tap two.")]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
    expect(await responsesOf(member)).toBe(1);
  });

  it("refuses a link after 14 days, and saves nothing", async () => {
    const { member, token } = await emailedQuestion();
    await clock.setTime(clock.now() + 14 * DAY + 1_000);
    const late = await answer(token, "Too late, I am afraid.");
    expect(late.status).toBe(404);
    expect(late.body.error).toBe("This link does not work any more. Sign in to Family Book to answer your questions.");
    expect(await responsesOf(member)).toBe(0);
  });

  it("refuses a tampered link, and saves nothing", async () => {
    const { member, token } = await emailedQuestion();
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const result = await answer(tampered, "Someone guessing.");
    expect(result.status).toBe(404);
    expect(await responsesOf(member)).toBe(0);
    expect((await answer("", "Nothing at all.")).status).toBe(400);
  });

  it("refuses someone signed in as another person, and saves nothing for either", async () => {
    const { member, token } = await emailedQuestion();
    const other = await createAccount({ familyId: member.user.family_id, firstName: "Olga" });
    const result = await answer(token, "Answering someone else's question.", other);
    expect(result.status).toBe(403);
    expect(result.body.error).toBe("This link is for someone else's question. Sign out first if you want to answer it for them on this device.");
    expect(await responsesOf(member)).toBe(0);
    expect(await responsesOf(other)).toBe(0);
    // The recipient, signed in or not, still can.
    expect((await answer(token, "My own answer, signed in.", member)).status).toBe(201);
  });

  it("keeps the storyteller's own choice for the answer over what the weekly questions were set up to do", async () => {
    const privately = await emailedQuestion({ share: true });
    const result = await call(answerByLink, "/api/weekly-questions/answer", {
      body: { token: privately.token, answer_text: "Between you and me.", is_shared: false },
    });
    expect(result.status).toBe(201);
    expect(result.body.data.answer.is_shared).toBe(false);
    const openly = await emailedQuestion({ share: false });
    const sharedAnyway = await call(answerByLink, "/api/weekly-questions/answer", {
      body: { token: openly.token, answer_text: "Everyone may read this.", is_shared: true },
    });
    expect(sharedAnyway.body.data.answer.is_shared).toBe(true);
  });

  it("tells the organiser that a private answer came, without its words, and names it once it is shared", async () => {
    const organiser = await createConfirmedAccount({ firstName: "Ada", lastName: "Byrne" });
    const storyteller = await createConfirmedAccount({ familyId: organiser.user.family_id, firstName: "Nell", lastName: "Byrne" });
    const planned = await setUp(organiser, {
      recipient_id: storyteller.user.id,
      source: "questionnaire",
      questionnaire_id: await childhoodQuestionnaireId(),
      weekday: 1,
      hour: 9,
      time_zone: "UTC",
      share_by_default: true,
    });
    await clock.setTime(Date.parse(planned.body.data.plan.next_send_at));
    await schedulerStep();
    const token = answerToken(weeklyEmails(storyteller)[0]!);
    expect(
      (await call(answerByLink, "/api/weekly-questions/answer", { body: { token, answer_text: "A farmhouse near Galway.", is_shared: false } })).status,
    ).toBe(201);
    const told = async () =>
      (
        (await call(notificationsRoute, "/api/notifications", { token: organiser.token })).body.data.notifications as {
          text: string;
          kind: string;
          href: string;
        }[]
      ).filter((entry) => entry.kind === "weekly_answer");
    expect(await told()).toEqual([
      expect.objectContaining({ text: "Nell Byrne answered this week's question, and is keeping the answer private for now", href: "/weekly-questions" }),
    ]);
    expect(JSON.stringify(await told())).not.toContain("Galway");
    expect((await call(shareByLink, "/api/weekly-questions/answer", { method: "PATCH", body: { token, is_shared: true } })).status).toBe(200);
    expect((await told()).map((entry) => entry.text)).toEqual([
      "Nell Byrne answered this week's question: “Where and when were you born?”",
      "Nell Byrne answered this week's question, and is keeping the answer private for now",
    ]);
  });

  it("lets the same link share the answer with the family in one tap, and keep it private again; nothing else", async () => {
    const { member, token } = await emailedQuestion();
    const share = (linkToken: string, is_shared: boolean) =>
      call(shareByLink, "/api/weekly-questions/answer", { method: "PATCH", body: { token: linkToken, is_shared } });
    // Before an answer there is nothing to share.
    expect(await share(token, true)).toMatchObject({
      status: 404,
      body: { error: "This link does not work any more. Sign in to Family Book to answer your questions." },
    });
    expect((await answer(token, "In the front room of my grandmother's house.")).body.data.answer.is_shared).toBe(false);
    const relative = await createAccount({ familyId: member.user.family_id, firstName: "Olive" });
    const familyReads = async () => JSON.stringify((await call(sharedAnswers, "/api/questionnaires/responses/shared", { token: relative.token })).body.data);
    expect(await familyReads()).not.toContain("grandmother's house");

    const shared = await share(token, true);
    expect(shared.status).toBe(200);
    expect(shared.body.data.answer.is_shared).toBe(true);
    expect(await familyReads()).toContain("grandmother's house");
    expect((await share(token, false)).body.data.answer.is_shared).toBe(false);
    expect(await familyReads()).not.toContain("grandmother's house");

    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await share(tampered, true)).status).toBe(404);
    expect((await call(shareByLink, "/api/weekly-questions/answer", { method: "PATCH", body: { token } })).status).toBe(400);
    // The link is the permission while it is valid: 14 days.
    await clock.setTime(clock.now() + 14 * DAY + 1_000);
    expect((await share(token, true)).status).toBe(404);
    expect(await familyReads()).not.toContain("grandmother's house");
  });

  it("refuses an answer that is too short, and keeps the link for a better one", async () => {
    const { member, token } = await emailedQuestion();
    const short = await answer(token, "ok");
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors).toEqual({ answer_text: ["Please provide a more detailed answer"] });
    expect((await answer(token, "A proper answer this time.")).status).toBe(201);
    expect(await responsesOf(member)).toBe(1);
  });
});

describe("answers by reply", () => {
  const unreadableEmails = (account: TestAccount) =>
    instances.smtp.to(account.user.email).filter(({ parsed }) => parsed.subject?.startsWith("We couldn't read your reply"));

  /** Posts the reply through the inbound endpoint and says what came of it. */
  async function post(reply: Parameters<typeof rawMessage>[0]) {
    const result = await postInbound(await rawMessage(reply));
    expect(result.status).toBe(200);
    await runEmailJobs();
    return result.body.data as { outcome: string; reason: string | null };
  }

  it("keeps only the new text of a real SMTP reply, and its photos with the answer", async () => {
    const { member, token, email } = await emailedQuestion({ share: true });
    const text = "In the front room of my grandmother's house,\nduring the big snow of 1947.\n\nLove, Iris\n\n-- \nIris Bell\n07700 900123";
    const sent = await sendBySmtp(
      instances.inboundPort,
      replyTo(email, { from: `"Iris Bell" <${member.user.email.toUpperCase()}>`, text, photos: [await photo("snow.jpg"), await photo("house.jpg", "#369")] }),
    );
    expect(sent.accepted).toEqual([replyAddressOf(email)]);
    const response = await (
      await getDb()
    ).response.findFirstOrThrow({
      where: { submission: { user_id: member.user.id } },
      select: { answer_text: true, is_shared: true, photos: { orderBy: { order_number: "asc" }, select: { order_number: true, width: true, height: true } } },
    });
    expect(response).toEqual({
      answer_text: "In the front room of my grandmother's house,\nduring the big snow of 1947.\n\nLove, Iris",
      is_shared: true,
      photos: [
        { order_number: 0, width: 64, height: 48 },
        { order_number: 1, width: 64, height: 48 },
      ],
    });
    expect(await (await getDb()).memory.count({ where: { user_id: member.user.id } })).toBe(0);
    // The reply used the link: the button now says it was answered.
    expect((await answer(token, "Another answer.")).status).toBe(409);
  });

  it("refuses at RCPT TO any address that is not a reply address, so the listener relays nothing", async () => {
    const { member, email } = await emailedQuestion();
    const reply = replyTo(email, { from: member.user.email, text: "To the wrong address.", to: "someone@elsewhere.example" });
    await expect(sendBySmtp(instances.inboundPort, reply)).rejects.toThrow(/550 No such mailbox here/);
    expect(await responsesOf(member)).toBe(0);
  });

  it("refuses a reply to a tampered address, saves nothing, and emails nobody", async () => {
    const { member, token, email } = await emailedQuestion();
    const tampered = `answers+${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}@${INBOUND_TEST_DOMAIN}`;
    expect(await post(replyTo(email, { from: member.user.email, text: "Someone guessing.", to: tampered }))).toEqual({
      outcome: "refused",
      reason: "unknown-address",
    });
    expect(await post(replyTo(email, { from: member.user.email, text: "No reply address.", to: "iris@elsewhere.example" }))).toEqual({
      outcome: "refused",
      reason: "not-a-reply-address",
    });
    expect(await responsesOf(member)).toBe(0);
    expect(unreadableEmails(member)).toEqual([]);
  });

  it("refuses a reply after 14 days, saves nothing, and sends the recipient a fresh link that works", async () => {
    const { member, email } = await emailedQuestion();
    await clock.setTime(clock.now() + 14 * DAY + 1_000);
    expect(await post(replyTo(email, { from: member.user.email, text: "Too late, I am afraid." }))).toEqual({ outcome: "refused", reason: "expired" });
    expect(await responsesOf(member)).toBe(0);
    const [notice] = unreadableEmails(member);
    expect(notice!.parsed.subject).toBe("We couldn't read your reply: Where and when were you born?");
    expect(notice!.parsed.text).toContain("We got a reply to your weekly question, but we couldn't save it as your answer. Nothing was saved.");
    expect((await answer(answerToken(notice!), "Answered with the fresh link.")).status).toBe(201);
  });

  it("refuses a second answer by reply once the question was answered, and saves nothing more", async () => {
    const { member, token, email } = await emailedQuestion();
    expect((await answer(token, "Answered with the button first.")).status).toBe(201);
    expect(await post(replyTo(email, { from: member.user.email, text: "And then by reply." }))).toEqual({ outcome: "refused", reason: "answered" });
    expect(await responsesOf(member)).toBe(1);
    expect(unreadableEmails(member)).toEqual([]);
  });

  it("refuses a reply from another person, in the family or not, saves nothing for either, and tells the recipient once", async () => {
    const { member, email } = await emailedQuestion();
    const relative = await createConfirmedAccount({ familyId: member.user.family_id, firstName: "Olga" });
    expect(await post(replyTo(email, { from: relative.user.email, text: "Answering someone else's question." }))).toEqual({
      outcome: "refused",
      reason: "other-sender",
    });
    expect(await post(replyTo(email, { from: "stranger@elsewhere.example", text: "A stranger's answer." }))).toEqual({
      outcome: "refused",
      reason: "other-sender",
    });
    expect(await responsesOf(member)).toBe(0);
    expect(await responsesOf(relative)).toBe(0);
    expect(unreadableEmails(relative)).toEqual([]);
    expect(instances.smtp.to("stranger@elsewhere.example")).toEqual([]);
    // Both replies came to one address: one email to the recipient.
    expect(unreadableEmails(member)).toHaveLength(1);
  });

  it("refuses a reply with no new text, too many photos, or an attachment that only claims to be a photo; nothing saved", async () => {
    const { member, email } = await emailedQuestion();
    expect(await post(replyTo(email, { from: member.user.email, text: "" }))).toEqual({ outcome: "refused", reason: "unreadable-text" });
    const six = await Promise.all([1, 2, 3, 4, 5, 6].map((index) => photo(`photo-${index}.jpg`)));
    expect(await post(replyTo(email, { from: member.user.email, text: "Six photos of the house.", photos: six }))).toEqual({
      outcome: "refused",
      reason: "too-many-photos",
    });
    const fake = { filename: "house.jpg", contentType: "image/jpeg", content: Buffer.from("not a picture at all") };
    expect(await post(replyTo(email, { from: member.user.email, text: "A photo of the house.", photos: [fake] }))).toEqual({
      outcome: "refused",
      reason: "unreadable-photo",
    });
    expect(await responsesOf(member)).toBe(0);
    expect(await memoriesOf(member)).toBe(0);
  });

  it("keeps a voice memo attached to a reply as the answer's recording, as it was made, and says so", async () => {
    const { member, email } = await emailedQuestion({ share: true });
    const memo = recordingFixture("speech.m4a");
    const outcome = await post(
      replyTo(email, {
        from: member.user.email,
        text: "I told it into my phone instead.",
        photos: [{ filename: "New Recording 3.m4a", contentType: "audio/x-m4a", content: Buffer.from(memo) }, await photo("house.jpg")],
      }),
    );
    expect(outcome).toEqual({ outcome: "answered", reason: null });
    const response = await (
      await getDb()
    ).response.findFirstOrThrow({
      where: { submission: { user_id: member.user.id } },
      select: { id: true, answer_text: true, recording: true, photos: { select: { id: true } } },
    });
    expect(response.answer_text).toBe("I told it into my phone instead.");
    expect(response.photos).toHaveLength(1);
    expect(response.recording).toMatchObject({
      file_name: "New Recording 3.m4a",
      content_type: "audio/mp4",
      byte_size: memo.byteLength,
      transcript_status: "none",
    });
    const stored = await getStorage().openStream(response.recording!.original_key);
    const kept = Buffer.from(await new Response(stored!.body).arrayBuffer());
    expect(kept.equals(Buffer.from(memo))).toBe(true);
    expect(response.recording!.original_key.startsWith(`recordings/${response.id}/`)).toBe(true);
    const [received] = instances.smtp.to(member.user.email).filter(({ parsed }) => parsed.subject?.startsWith("We received your answer: "));
    expect(received!.parsed.text).toContain("Your answer to this question is saved, with your recording and its photo:");
  });

  it("takes a reply that is only a voice memo as the answer told out loud, with nothing written, and says so", async () => {
    const { member, email } = await emailedQuestion({ share: true });
    const memo = recordingFixture("speech.m4a");
    const outcome = await post(
      replyTo(email, {
        from: member.user.email,
        text: "\n\nSent from my iPhone",
        photos: [{ filename: "New Recording 4.m4a", contentType: "audio/x-m4a", content: Buffer.from(memo) }],
      }),
    );
    expect(outcome).toEqual({ outcome: "answered", reason: null });
    const response = await (
      await getDb()
    ).response.findFirstOrThrow({ where: { submission: { user_id: member.user.id } }, select: { answer_text: true, is_shared: true, recording: true } });
    // The recording is the answer: nothing written, nothing made up in its place.
    expect(response.answer_text).toBe("");
    expect(response.is_shared).toBe(true);
    expect(response.recording).toMatchObject({ file_name: "New Recording 4.m4a", byte_size: memo.byteLength });
    const [received] = instances.smtp.to(member.user.email).filter(({ parsed }) => parsed.subject?.startsWith("We received your answer: "));
    expect(received!.parsed.text).toContain("Your answer to this question is saved, with your recording:");
    expect(received!.parsed.text).toContain("You told it out loud: your family will hear it in your own voice.");
    expect(received!.parsed.text).not.toContain("“”");
  });

  it("refuses a reply with two recordings, or one that only claims to be sound; nothing saved, nothing stored", async () => {
    const { member, email } = await emailedQuestion();
    const memo = { filename: "memo.m4a", contentType: "audio/mp4", content: Buffer.from(recordingFixture("speech.m4a")) };
    expect(await post(replyTo(email, { from: member.user.email, text: "Two recordings of it.", photos: [memo, { ...memo, filename: "again.m4a" }] }))).toEqual({
      outcome: "refused",
      reason: "too-many-recordings",
    });
    const fake = { filename: "memo.m4a", contentType: "application/octet-stream", content: Buffer.from("only words, no sound at all") };
    expect(await post(replyTo(email, { from: member.user.email, text: "A recording of the house.", photos: [fake] }))).toEqual({
      outcome: "refused",
      reason: "unreadable-recording",
    });
    expect(await responsesOf(member)).toBe(0);
    const left: string[] = [];
    for await (const object of getStorage().list("recordings/")) left.push(object.key);
    const known = (await (await getDb()).recording.findMany({ select: { original_key: true } })).map((row) => row.original_key);
    expect(left.filter((key) => !known.some((kept) => key.startsWith(kept)))).toEqual([]);
    expect(unreadableEmails(member)).toHaveLength(1);
  });

  it("never answers an automatic reply, and never answers it back", async () => {
    const { member, email } = await emailedQuestion();
    const outOfOffice = { ...replyTo(email, { from: member.user.email, text: "I am away until Monday." }), headers: { "Auto-Submitted": "auto-replied" } };
    expect(await post(outOfOffice)).toEqual({ outcome: "refused", reason: "automatic-reply" });
    expect(await responsesOf(member)).toBe(0);
    expect(unreadableEmails(member)).toEqual([]);
  });

  it("saves one answer when the reply and the button arrive at once", async () => {
    const { member, token, email } = await emailedQuestion();
    const raw = await rawMessage(replyTo(email, { from: member.user.email, text: "By reply, at the same moment." }));
    const [byReply, byLink] = await Promise.all([postInbound(raw), answer(token, "By the button, at the same moment.")]);
    // Exactly one of the two answered; the other was refused as answered already.
    expect([byReply.body.data.outcome === "answered", byLink.status === 201].filter(Boolean)).toHaveLength(1);
    if (byLink.status === 201) expect(byReply.body.data).toEqual({ outcome: "refused", reason: "answered" });
    else expect(byLink.status).toBe(409);
    expect(await responsesOf(member)).toBe(1);
  });

  it("takes posts only with the secret, as message/rfc822, up to 25 MB; off without the secret", async () => {
    const { member, email } = await emailedQuestion();
    const raw = await rawMessage(replyTo(email, { from: member.user.email, text: "Posted with the wrong secret." }));
    const wrong = await postInbound(raw, { secret: "inbound-secret-for-tests-0123456789abcdeX" });
    expect(wrong).toMatchObject({ status: 401, body: { error: "The inbound email secret is missing or wrong." } });
    expect((await postInbound(raw, { secret: null })).status).toBe(401);
    const json = await postInbound(raw, { contentType: "application/json" });
    expect(json).toMatchObject({ status: 415, body: { error: "Send the raw email as the body (Content-Type: message/rfc822)." } });
    const huge = await postInbound(Buffer.concat([raw, Buffer.alloc(25 * 1024 * 1024)]));
    expect(huge).toMatchObject({ status: 413, body: { error: "The email is too large: at most 25 MB." } });
    expect(await responsesOf(member)).toBe(0);

    const secret = process.env.INBOUND_EMAIL_SECRET;
    delete process.env.INBOUND_EMAIL_SECRET;
    resetEnvForTests();
    try {
      expect((await postInbound(raw)).status).toBe(404);
    } finally {
      process.env.INBOUND_EMAIL_SECRET = secret;
      resetEnvForTests();
    }
    expect(await responsesOf(member)).toBe(0);
  });

  it("refuses a message over 25 MB by SMTP as it arrives, saves nothing, and tells the recipient", async () => {
    const { member, email } = await emailedQuestion();
    const big = { filename: "huge.jpg", contentType: "image/jpeg", content: Buffer.alloc(19 * 1024 * 1024, 1) };
    const reply = replyTo(email, { from: member.user.email, text: "A very large photo.", photos: [big] });
    await expect(sendBySmtp(instances.inboundPort, reply)).rejects.toThrow(/552/);
    await runEmailJobs();
    expect(await responsesOf(member)).toBe(0);
    expect(unreadableEmails(member)).toHaveLength(1);
  }, 60_000);
});

describe("setting weekly questions up, and who may change them", () => {
  const body = (recipientId: string) => ({ recipient_id: recipientId, source: "surprise", weekday: 7, hour: 10, time_zone: "Europe/Paris" });

  it("lets a member set them up for a relative in their family, but not for another family's member, and not anonymously", async () => {
    const margaret = await createAccount({ firstName: "Margaret", lastName: "Hughes" });
    const rose = await createAccount({ familyId: margaret.user.family_id, firstName: "Rose" });
    const olga = await createAccount({ firstName: "Olga" });

    const stranger = await setUp(olga, body(rose.user.id));
    expect(stranger.status).toBe(404);
    expect(stranger.body.error).toBe("Family member not found");
    const anonymous = await call(startPlan, "/api/weekly-questions", { body: body(rose.user.id) });
    expect(anonymous.status).toBe(401);
    expect(await (await getDb()).weeklyQuestionPlan.count({ where: { recipient_id: rose.user.id } })).toBe(0);

    expect((await setUp(margaret, body(rose.user.id))).status).toBe(201);
    const twice = await setUp(margaret, body(rose.user.id));
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe("Rose already gets weekly questions. Stop them first to start new ones.");
  });

  it("refuses a made-up time zone, a bad hour and weekday, and a questionnaire the recipient may not answer", async () => {
    const margaret = await createAccount();
    const result = await setUp(margaret, { ...body(margaret.user.id), time_zone: "Mars/Olympus_Mons", hour: 24, weekday: 0 });
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors).toEqual({
      time_zone: ["Choose a time zone from the list."],
      hour: ["Choose an hour between 0 and 23."],
      weekday: ["Choose a day of the week."],
    });
    const olga = await createAccount();
    const olgasQuestionnaire = await (
      await getDb()
    ).questionnaire.create({
      data: { title: "Olga's", audience: "FAMILY_WIDE", family_id: olga.user.family_id, questions: { create: [{ question_text: "Hers?", position: 0 }] } },
      select: { id: true },
    });
    const foreign = await setUp(margaret, { ...body(margaret.user.id), source: "questionnaire", questionnaire_id: olgasQuestionnaire.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("Questionnaire not found");
  });

  it("lets the recipient and the organiser pause, resume and stop; not another relative, not another family", async () => {
    const margaret = await createAccount({ firstName: "Margaret" });
    const rose = await createAccount({ familyId: margaret.user.family_id, firstName: "Rose" });
    const tom = await createAccount({ familyId: margaret.user.family_id, firstName: "Tom" });
    const olga = await createAccount({ firstName: "Olga" });
    const planId = (await setUp(margaret, body(rose.user.id))).body.data.plan.id as string;
    const change = (who: TestAccount | null, status: string) =>
      call(changePlan, `/api/weekly-questions/${planId}`, { method: "PATCH", token: who?.token, params: { id: planId }, body: { status } });

    expect((await change(olga, "paused")).status).toBe(404);
    const relative = await change(tom, "paused");
    expect(relative.status).toBe(403);
    expect(relative.body.error).toBe("Only the person who gets these weekly questions, or whoever set them up, can change them.");
    expect((await change(null, "paused")).status).toBe(401);

    const paused = await change(rose, "paused");
    expect(paused.status).toBe(200);
    expect(paused.body.data.plan).toMatchObject({ status: "paused" });
    // Paused: nothing is sent, however long it waits.
    await clock.setTime(clock.now() + 8 * DAY);
    await schedulerStep();
    expect(await (await getDb()).weeklyQuestionSend.count({ where: { plan_id: planId } })).toBe(0);

    const resumed = await change(margaret, "active");
    expect(resumed.body.data.plan.status).toBe("active");
    expect(Date.parse(resumed.body.data.plan.next_send_at)).toBeGreaterThan(clock.now());
    const stopped = await change(rose, "stopped");
    expect(stopped.body.data.plan).toMatchObject({ status: "stopped", next_send_at: null });
    const afterStop = await change(margaret, "active");
    expect(afterStop.status).toBe(409);
    expect(afterStop.body.error).toBe("These weekly questions were stopped. Set up new ones to start again.");
    // Stopped ones leave the list, and new ones can start.
    expect((await call(listPlans, "/api/weekly-questions", { token: rose.token })).body.data.plans).toEqual([]);
    expect((await setUp(rose, body(rose.user.id))).status).toBe(201);
  });

  it("changes whether answers are shared on a running plan, without stopping it or emailing again; the next answer follows it", async () => {
    const { member, token, planId } = await emailedQuestion({ share: false });
    const sentBefore = instances.smtp.to(member.user.email).length;
    const change = (who: TestAccount | null, body: Record<string, unknown>) =>
      call(changePlan, `/api/weekly-questions/${planId}`, { method: "PATCH", token: who?.token, params: { id: planId }, body });
    const stranger = await createAccount({ firstName: "Olga" });
    expect((await change(stranger, { share_by_default: true })).status).toBe(404);
    expect((await change(member, {})).status).toBe(400);
    const changed = await change(member, { share_by_default: true });
    expect(changed.status).toBe(200);
    expect(changed.body.data.plan).toMatchObject({ status: "active", share_by_default: true });
    expect((await answer(token, "Shared now, as the plan says.")).body.data.answer.is_shared).toBe(true);
    await runEmailJobs();
    expect(instances.smtp.to(member.user.email)).toHaveLength(sentBefore);
  });

  it("sends nothing to someone who turned weekly questions off, or whose address is unconfirmed, and says so", async () => {
    const off = await createConfirmedAccount({ firstName: "Nell" });
    await call(changePreferences, "/api/email-preferences", { method: "PATCH", token: off.token, body: { "weekly-questions": false } });
    const unconfirmed = await createAccount({ firstName: "Una" });
    const plans = await Promise.all([off, unconfirmed].map(async (member) => (await setUp(member, body(member.user.id))).body.data.plan));
    await clock.setTime(Math.max(...plans.map((plan) => Date.parse(plan.next_send_at))));
    await schedulerStep();
    expect(weeklyEmails(off)).toEqual([]);
    expect(weeklyEmails(unconfirmed)).toEqual([]);
    const states = await (
      await getDb()
    ).weeklyQuestionSend.findMany({ where: { plan_id: { in: plans.map((plan) => plan.id) } }, select: { email_status: true } });
    expect(states.map((send) => send.email_status).sort()).toEqual(["turned-off", "unconfirmed-address"]);
  });

  it("sends nothing more to a relative who left the family, and stops their weekly questions", async () => {
    const margaret = await createConfirmedAccount({ firstName: "Margaret" });
    const rose = await createConfirmedAccount({ familyId: margaret.user.family_id, firstName: "Rose" });
    const plan = (await setUp(margaret, body(rose.user.id))).body.data.plan;
    await (await getDb()).user.update({ where: { id: rose.user.id }, data: { family_id: null } });
    await clock.setTime(Date.parse(plan.next_send_at));
    await schedulerStep();
    expect(weeklyEmails(rose)).toEqual([]);
    expect(await (await getDb()).weeklyQuestionPlan.findUniqueOrThrow({ where: { id: plan.id }, select: { status: true, next_send_at: true } })).toEqual({
      status: "stopped",
      next_send_at: null,
    });
  });

  it("runs as the scheduled job too: asked for the first question now, the queue's run sends it within seconds, once", async () => {
    const scheduler = await startTestQueue({ definitions: jobDefinitions.filter((definition) => definition.name === "weekly-questions"), clock });
    const member = await createConfirmedAccount({ firstName: "Vera" });
    try {
      const started = await setUp(member, { ...body(member.user.id), first_question_now: true });
      expect(started.body.data.plan.next_send_at).toBe(new Date(clock.now()).toISOString());
      await advanceUntil(clock, () => weeklyEmails(member).length === 1, { queues: [scheduler], withinMs: 60_000 });
      await runEmailJobs();
    } finally {
      await scheduler.stop();
    }
    expect(weeklyEmails(member)).toHaveLength(1);
    const [plan] = (await call(listPlans, "/api/weekly-questions", { token: member.token })).body.data.plans;
    expect(plan).toMatchObject({ sent_count: 1 });
    // Then weekly, on the chosen day: Sunday 10:00 in Paris.
    expect(
      new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Paris", weekday: "long", hour: "2-digit", minute: "2-digit" }).format(new Date(plan.next_send_at)),
    ).toBe("Sunday 10:00");
  });
});
