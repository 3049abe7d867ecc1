import { beforeAll, describe, expect, it } from "vitest";
import { PATCH as changeEmailPreferences } from "@/app/api/email-preferences/route";
import { POST as commentOnMemory } from "@/app/api/memories/[id]/comments/route";
import { PUT as reactMemory } from "@/app/api/memories/[id]/reactions/[kind]/route";
import { PUT as changePreferences } from "@/app/api/notification-preferences/route";
import { POST as markRead } from "@/app/api/notifications/read/route";
import { runNotificationDigests } from "@/server/news/notifications/notification-digests";
import { getDb } from "@/server/platform/db/client";
import { createAccount, createConfirmedAccount, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { withSimulatedInstances } from "../helpers/email-jobs";
import { TestClock } from "../helpers/jobs";
import { createMemoryAs } from "../helpers/memories";
import { rawHeader } from "../helpers/smtp-server";

// The daily notification digest (docs/product.md §21, docs/decisions/029-notifications.md),
// simulated over days on a clock the test moves, with two instances working the queue and each
// scheduler step run twice at once: at most one email a day per person, carrying what is unread,
// not yet emailed, and of a kind they want by email.

const APP = "https://familybook.example";
const START = Date.parse("2027-11-01T08:00:00Z");
const clock = new TestClock(START);
const instances = withSimulatedInstances(APP, clock, "notification-digest-email");

async function schedulerStepAt(iso: string) {
  if (clock.now() < Date.parse(iso)) await clock.setTime(Date.parse(iso));
  const now = new Date(clock.now());
  await Promise.all([runNotificationDigests({ now }), runNotificationDigests({ now })]);
  await instances.runEmailJobs();
}

const digestsTo = (account: TestAccount) =>
  instances.smtp.to(account.user.email).filter(({ parsed }) => / new notifications? in your Family Book$/.test(parsed.subject ?? ""));
const lines = (account: TestAccount, index: number) =>
  (digestsTo(account)[index]?.parsed.text ?? "")
    .split("\n")
    .filter((line) => /“Summer at the lake”|joined your family/.test(line))
    .map((line) => line.replace(/\s*(\[.*|https?:\/\/\S+)$/, "").trim());

const comment = (account: TestAccount, memoryId: string, body: string) =>
  call(commentOnMemory, `/api/memories/${memoryId}/comments`, { token: account.token, params: { id: memoryId }, body: { body } });
const react = (account: TestAccount, memoryId: string, kind: string) =>
  call(reactMemory, `/api/memories/${memoryId}/reactions/${kind}`, { method: "PUT", token: account.token, params: { id: memoryId, kind } });

describe("the daily notification digest", () => {
  let margaret: TestAccount;
  let tom: TestAccount;
  let rose: TestAccount;
  let ruth: TestAccount;
  let memoryId: string;

  beforeAll(async () => {
    margaret = await createConfirmedAccount({ firstName: "Margaret", lastName: "Hughes" });
    tom = await createConfirmedAccount({ familyId: margaret.user.family_id, firstName: "Tom", lastName: "Hughes" });
    rose = await createConfirmedAccount({ familyId: margaret.user.family_id, firstName: "Rose", lastName: "Hughes" });
    // Nobody confirmed her address: nothing she could turn off goes to it.
    ruth = await createAccount({ familyId: margaret.user.family_id, firstName: "Ruth", lastName: "Hughes" });
    memoryId = (await createMemoryAs(margaret.token, { title: "Summer at the lake", is_shared: "true" })).id;
    await comment(ruth, memoryId, "Ruth was there too");
    await comment(tom, memoryId, "I remember the boat");
    await react(tom, memoryId, "love");
    await react(rose, memoryId, "love");
  });

  it("sends each person one email with what happened, reactions grouped, relatives joining left to their own email", async () => {
    await schedulerStepAt("2027-11-01T08:37:00Z");
    await schedulerStepAt("2027-11-01T09:37:00Z");
    expect(digestsTo(margaret)).toHaveLength(1);
    expect(digestsTo(margaret)[0]!.parsed.subject).toBe("3 new notifications in your Family Book");
    expect(lines(margaret, 0)).toEqual([
      "Rose Hughes and Tom Hughes loved “Summer at the lake”",
      "Tom Hughes commented on “Summer at the lake”",
      "Ruth Hughes commented on “Summer at the lake”",
    ]);
    expect(digestsTo(margaret)[0]!.parsed.html).toContain(`href="${APP}/family-book?member=${margaret.user.id}#memory-${memoryId}"`);
    expect(rawHeader(digestsTo(margaret)[0]!.parsed, "List-Unsubscribe")).toMatch(new RegExp(`^<${APP}/api/unsubscribe\\?token=[^>]+>$`));
    // Ruth had a reply, but her address is not confirmed.
    expect(digestsTo(ruth)).toHaveLength(0);
    expect(digestsTo(tom)).toHaveLength(0);
    expect(digestsTo(rose)).toHaveLength(0);
    const ruths = await (await getDb()).notificationDigest.findMany({ where: { user_id: ruth.user.id }, select: { status: true } });
    expect(ruths).toEqual([{ status: "unconfirmed-address" }]);
  });

  it("sends no second email the same day, and the next day only what came since", async () => {
    await comment(rose, memoryId, "And the storm");
    await schedulerStepAt("2027-11-01T18:37:00Z");
    expect(digestsTo(margaret)).toHaveLength(1);
    await schedulerStepAt("2027-11-02T08:37:00Z");
    await schedulerStepAt("2027-11-02T09:37:00Z");
    expect(digestsTo(margaret)).toHaveLength(2);
    expect(lines(margaret, 1)).toEqual(["Rose Hughes commented on “Summer at the lake”"]);
    // Tom commented before Rose: her comment is a reply to him.
    expect(digestsTo(tom)).toHaveLength(1);
    expect(lines(tom, 0)).toEqual(["Rose Hughes replied on “Summer at the lake”"]);
  });

  it("leaves out what was read before the email went", async () => {
    await comment(tom, memoryId, "Read in the app");
    expect((await call(markRead, "/api/notifications/read", { token: margaret.token, body: { all: true } })).status).toBe(200);
    await schedulerStepAt("2027-11-03T09:37:00Z");
    expect(digestsTo(margaret)).toHaveLength(2);
  });

  it("respects the switches: a kind off by email, and the digest itself off", async () => {
    const off = await call(changePreferences, "/api/notification-preferences", { method: "PUT", token: margaret.token, body: { reaction: { email: false } } });
    expect(off.status).toBe(200);
    await react(tom, memoryId, "wow");
    await schedulerStepAt("2027-11-04T09:37:00Z");
    expect(digestsTo(margaret)).toHaveLength(2);
    await comment(rose, memoryId, "One more thing");
    await schedulerStepAt("2027-11-05T09:37:00Z");
    expect(digestsTo(margaret)).toHaveLength(3);
    expect(lines(margaret, 2)).toEqual(["Rose Hughes commented on “Summer at the lake”"]);

    await call(changeEmailPreferences, "/api/email-preferences", { method: "PATCH", token: margaret.token, body: { notifications: false } });
    await comment(tom, memoryId, "Still there?");
    await schedulerStepAt("2027-11-06T09:37:00Z");
    expect(digestsTo(margaret)).toHaveLength(3);
    const last = await (
      await getDb()
    ).notificationDigest.findFirst({ where: { user_id: margaret.user.id }, orderBy: { created_at: "desc" }, select: { status: true } });
    expect(last).toEqual({ status: "turned-off" });
  });
});
