import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { POST as confirmDeletion } from "@/app/api/account/delete/confirm/route";
import { POST as deleteAccountRoute } from "@/app/api/account/delete/route";
import { ACCOUNT_DELETED } from "@/lib/schemas/family-circle";
import { deletionToken, readDeletionToken } from "@/server/accounts/deletion/delete-account";
import { getDb } from "@/server/platform/db/client";
import { createAccount } from "../helpers/accounts";
import { call } from "../helpers/api";
import { withSmtpAndWorkers } from "../helpers/email-jobs";

// An account without a password (Google) confirms its deletion by an emailed link
// (docs/product.md, "Deleting an account"): the email over real SMTP, its link, and the token's parser.

vi.setConfig({ testTimeout: 120_000 });

const APP = "https://familybook.example";
const SUBJECT = "Confirm the deletion of your Family Book account";
const mail = withSmtpAndWorkers(APP);

describe("the emailed confirmation", () => {
  it("emails a link to /delete-account; its token deletes the account with the choice made", async () => {
    const person = await createAccount({ firstName: "Gunnar" });
    await (await getDb()).user.update({ where: { id: person.user.id }, data: { password_hash: null } });
    const asked = await call(deleteAccountRoute, "/api/account/delete", { token: person.token, body: { keep: "shared_with_name" } });
    expect(asked.body.data).toEqual({ deleted: false, emailed: true });

    const emails = () => mail.smtp.to(person.user.email).filter(({ parsed }) => parsed.subject === SUBJECT);
    await mail.workers.runUntil(() => emails().length > 0);
    const text = emails()[0]!.parsed.text ?? "";
    expect(text).toContain("Hello Gunnar,");
    const link = /https:\/\/familybook\.example\/delete-account\?token=[\w.%-]+/.exec(text)?.[0];
    expect(link, "the link is in the plain-text part").toBeDefined();
    const token = new URL(link!).searchParams.get("token")!;
    expect(readDeletionToken(token, new Date())).toEqual({ userId: person.user.id, keep: "shared_with_name" });

    const done = await call(confirmDeletion, "/api/account/delete/confirm", { body: { token } });
    expect(done.body.data).toEqual({ deleted: true, message: ACCOUNT_DELETED });
    expect(await (await getDb()).user.count({ where: { id: person.user.id } })).toBe(0);
  });
});

describe("readDeletionToken", () => {
  const userId = "0b8f2a57-2a9e-4d59-9a4c-3f1f6b1f2c11";
  const now = new Date("2026-11-23T12:00:00Z");

  it("reads back what it signed, within the hour", () => {
    for (const keep of ["nothing", "shared_as_former_member", "shared_with_name"] as const) {
      expect(readDeletionToken(deletionToken(userId, keep, now), new Date(now.getTime() + 59 * 60_000))).toEqual({ userId, keep });
      expect(readDeletionToken(deletionToken(userId, keep, now), new Date(now.getTime() + 60 * 60_000))).toBeNull();
    }
  });

  it("refuses any string that is not a token it signed", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        expect(readDeletionToken(text, now)).toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it("refuses a signed token with any one character changed", () => {
    const token = deletionToken(userId, "nothing", now);
    fc.assert(
      fc.property(fc.nat(token.length - 1), fc.constantFrom(..."abcdefABCDEF0123456789.-_"), (position, character) => {
        fc.pre(token[position] !== character);
        const changed = token.slice(0, position) + character + token.slice(position + 1);
        expect(readDeletionToken(changed, now)).toBeNull();
      }),
      { numRuns: 500 },
    );
  });
});
