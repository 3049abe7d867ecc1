import { describe, expect, it } from "vitest";
import { PATCH as changePreferences } from "@/app/api/email-preferences/route";
import { POST as oneClick } from "@/app/api/unsubscribe/route";
import { queueRelativeJoinedEmails } from "@/server/family/members/relative-joined-emails";
import { getDb } from "@/server/platform/db/client";
import { createAccount, type TestAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { withSmtpAndWorkers } from "../helpers/email-jobs";
import { rawHeader } from "../helpers/smtp-server";

// "A relative joined" (docs/product.md §11): registering through a family's invite emails every
// other member, from a job, over real SMTP; each member can turn it off, by Settings or by the
// email's own one-click unsubscribe, and a job that runs again sends nothing twice.

const APP = "https://familybook.example";
const mail = withSmtpAndWorkers(APP);

/** The "… joined your Family Book" emails to a member (registering also sends a confirmation link). */
const joinedEmails = (account: TestAccount) => mail.smtp.to(account.user.email).filter(({ parsed }) => parsed.subject?.endsWith(" joined your Family Book"));

/** A member who followed their confirmation link: emails they may turn off go only to confirmed addresses. */
async function confirmed(account: Promise<TestAccount>) {
  const member = await account;
  await (await getDb()).user.update({ where: { id: member.user.id }, data: { email_verified_at: new Date() } });
  return member;
}

const deliveries = async (messageIdPart: string) => (await getDb()).emailDelivery.count({ where: { message_id: { contains: messageIdPart } } });

describe("when a relative joins through the invite", () => {
  it("emails every other member, in HTML and plain text, with one-click unsubscribe, and not the newcomer", async () => {
    const founder = await confirmed(createAccount({ firstName: "Margaret", lastName: "Hughes" }));
    const cousin = await confirmed(createAccount({ familyId: founder.user.family_id, firstName: "Ruth", lastName: "Hughes" }));
    await mail.workers.runUntil(() => joinedEmails(founder).length === 1);
    const tom = await createAccount({ familyId: founder.user.family_id, firstName: "Tom", lastName: "Hughes" });
    await mail.workers.runUntilIdle();

    for (const member of [founder, cousin]) {
      const [email] = mail.smtp.to(member.user.email).filter(({ parsed }) => parsed.subject === "Tom Hughes joined your Family Book");
      expect(email, member.user.first_name).toBeDefined();
      expect(email!.parsed.text).toContain(`Hello ${member.user.first_name},`);
      expect(email!.parsed.text).toContain("Tom Hughes has joined the Hughes family on Family Book.");
      expect(email!.parsed.html).toContain(`href="${APP}/family-book"`);
      expect(rawHeader(email!.parsed, "List-Unsubscribe")).toMatch(new RegExp(`^<${APP}/api/unsubscribe\\?token=${member.user.id}\\.relative-joined\\.`));
      expect(rawHeader(email!.parsed, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    }
    expect(joinedEmails(tom)).toEqual([]);
  });

  it("skips a member who turned these emails off in Settings, or by the last email's one-click unsubscribe", async () => {
    const founder = await confirmed(createAccount({ firstName: "Margaret", lastName: "Hughes" }));
    const cousin = await confirmed(createAccount({ familyId: founder.user.family_id, firstName: "Ruth", lastName: "Hughes" }));
    await mail.workers.runUntil(() => joinedEmails(founder).length === 1);
    const oneClickAddress = new URL(rawHeader(joinedEmails(founder)[0]!.parsed, "List-Unsubscribe")!.slice(1, -1));
    expect(
      (await call(oneClick, oneClickAddress.pathname + oneClickAddress.search, { body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }) })).status,
    ).toBe(200);
    await call(changePreferences, "/api/email-preferences", { method: "PATCH", token: cousin.token, body: { "relative-joined": false } });

    const tom = await createAccount({ familyId: founder.user.family_id, firstName: "Tom", lastName: "Hughes" });
    await mail.workers.runUntilIdle();
    expect(joinedEmails(founder)).toHaveLength(1);
    expect(joinedEmails(cousin)).toEqual([]);
    expect(joinedEmails(tom)).toEqual([]);
  });

  it("sends each email once when the job that queues them runs again", async () => {
    const founder = await confirmed(createAccount({ firstName: "Margaret", lastName: "Hughes" }));
    const tom = await createAccount({ familyId: founder.user.family_id, firstName: "Tom", lastName: "Hughes" });
    await mail.workers.runUntilIdle();
    expect(joinedEmails(founder)).toHaveLength(1);
    // The job runs again (a retry after its worker died): the same emails, already sent.
    await queueRelativeJoinedEmails({ newMemberId: tom.user.id, origin: APP });
    await mail.workers.runUntilIdle();
    expect(joinedEmails(founder)).toHaveLength(1);
    expect(await deliveries(`relative-joined.${tom.user.id}.`)).toBe(1);
  });

  it("sends nothing a member may turn off to an address nobody confirmed", async () => {
    const founder = await createAccount({ firstName: "Margaret", lastName: "Hughes" });
    await createAccount({ familyId: founder.user.family_id, firstName: "Tom", lastName: "Hughes" });
    await mail.workers.runUntilIdle();
    expect(joinedEmails(founder)).toEqual([]);
    // Only the confirmation link, which is sent whatever the settings say.
    expect(mail.smtp.to(founder.user.email).map(({ parsed }) => parsed.subject)).toEqual(["Please confirm your email address for Family Book"]);
  });
});
