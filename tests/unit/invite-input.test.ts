import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { familyChoiceSchema, INVALID_INVITE, INVITE_CODE_PATTERN, joinFamilyLine, looksLikeInviteCode, newInviteSchema } from "@/lib/schemas/invites";

// Everything an invite brings in from outside: the code in a URL or a cookie, the admin's
// choice of days, the Google confirmation page's form (docs/decisions/008-invites.md).

const codeCharacter = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-");

describe("invite codes", () => {
  it("accepts the codes Family Book issues: 24 base64url characters, and a family's first code, its id", () => {
    expect(looksLikeInviteCode("q3Jb0v2X_yKc9-ZtR1sWmA7e")).toBe(true);
    expect(looksLikeInviteCode("4aa276a6-6d1d-4d9f-8beb-b66a1f307094")).toBe(true);
  });

  it("accepts exactly 20 to 64 base64url characters and nothing else, whatever arrives", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.string({ unit: codeCharacter, maxLength: 80 })), (value) => {
        const accepted = looksLikeInviteCode(value);
        expect(accepted).toBe(value.length >= 20 && value.length <= 64 && /^[A-Za-z0-9_-]+$/.test(value));
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses what is not a string", () => {
    for (const value of [null, undefined, "", " ".repeat(24)]) expect(looksLikeInviteCode(value)).toBe(false);
    expect(INVITE_CODE_PATTERN.test("a".repeat(24) + "\n")).toBe(false);
  });
});

describe("the admin's choice of days (POST /api/family/invite)", () => {
  it("takes nothing, or a whole number of days from 1 to 365, and refuses anything else with its message", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.jsonValue(), fc.record({ expires_in_days: fc.jsonValue() }), fc.record({ expires_in_days: fc.integer({ min: -10, max: 400 }) })),
        (body) => {
          const result = newInviteSchema.safeParse(body);
          const days = (body as { expires_in_days?: unknown } | null)?.expires_in_days;
          const acceptable =
            typeof body === "object" &&
            body !== null &&
            !Array.isArray(body) &&
            Object.keys(body).every((key) => key === "expires_in_days") &&
            (days === undefined || (Number.isInteger(days) && (days as number) >= 1 && (days as number) <= 365));
          expect(result.success).toBe(acceptable);
          if (!result.success) expect(result.error).toBeInstanceOf(ZodError);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("the Google confirmation page's answer", () => {
  it("is either joining with a well-formed code or starting one's own family; anything else is refused", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom("choice", "invite", "other"),
          fc.oneof(fc.string(), fc.constantFrom("join", "own-family"), fc.string({ unit: codeCharacter, minLength: 20, maxLength: 30 })),
        ),
        (form) => {
          const result = familyChoiceSchema.safeParse(form);
          const expected = form.choice === "own-family" || (form.choice === "join" && looksLikeInviteCode(form.invite));
          expect(result.success).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("says a malformed invite is not valid, with the registration's message", () => {
    const result = familyChoiceSchema.safeParse({ choice: "join", invite: "<script>" });
    expect(result.error?.issues[0]?.message).toBe(INVALID_INVITE);
  });
});

describe("whose family an invite is for", () => {
  it.each([
    [{ familyName: "The Lindqvist Family", invitedBy: "Margaret" }, "Join the Lindqvist family — invited by Margaret"],
    [{ familyName: "The van der Berg Family", invitedBy: "Anneke" }, "Join the van der Berg family — invited by Anneke"],
    [{ familyName: null, invitedBy: "Zoë" }, "Join Zoë's family — invited by Zoë"],
    [{ familyName: "The Ng Family", invitedBy: null }, "Join the Ng family"],
    [{ familyName: null, invitedBy: null }, "Join this family"],
  ])("reads %j as %s", (invite, line) => {
    expect(joinFamilyLine(invite)).toBe(line);
  });
});
