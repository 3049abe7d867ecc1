import { dictionary } from "@zxcvbn-ts/language-common";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PASSWORD_ONLY_SPACES, PASSWORD_TOO_EASY } from "@/lib/passwords/password-rule";
import { loginSchema, passwordResetFormSchema, registerSchema } from "@/lib/schemas/auth";

// The password rule (docs/decisions/011-password-rule.md): at least 8 characters, not only
// spaces, not common, breached or built from the person's own name; no composition rules.

const person = { first_name: "Ada", last_name: "Lovelace", email: "ada.lovelace@example.test" };

async function passwordMessages(password: string, owner = person) {
  const result = await registerSchema.safeParseAsync({ ...owner, password });
  return result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === "password").map((issue) => issue.message);
}

/** The common-password list, most used first (passwords seen in breaches). */
const commonPasswords = dictionary["passwords-common"];

describe("the password rule", () => {
  it.each(["12345678", "password", "iloveyou", "qwertyuiop", "Password1!", "sunshine1", "abcdefgh", "zzzzzzzz", "lovelace", "ada.lovelace", "familybook2024"])(
    "refuses %j as too common or too easy to guess",
    async (password) => {
      expect(await passwordMessages(password)).toEqual([PASSWORD_TOO_EASY]);
    },
  );

  it("says so kindly", () => {
    expect(PASSWORD_TOO_EASY).toBe("This password is too common or too easy to guess. Please choose one that is harder to guess.");
  });

  it("refuses each of the 300 most common passwords that are long enough to be considered at all", async () => {
    const longEnough = commonPasswords.filter((password) => password.length >= 8).slice(0, 300);
    expect(longEnough).toHaveLength(300);
    for (const password of longEnough) expect(await passwordMessages(password), password).toEqual([PASSWORD_TOO_EASY]);
  });

  it("refuses any password of the common list, wherever it ranks, even with a capital first letter", async () => {
    const listed = fc.constantFrom(...commonPasswords.filter((password) => password.length >= 8));
    await fc.assert(
      fc.asyncProperty(listed, fc.boolean(), async (password, capitalised) => {
        const typed = capitalised ? password[0]!.toUpperCase() + password.slice(1) : password;
        expect(await passwordMessages(typed)).toEqual([PASSWORD_TOO_EASY]);
      }),
      { numRuns: 150 },
    );
  });

  it("refuses a password of only spaces (or other blank characters), whatever its length", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: fc.constantFrom(" ", "\t", "\u00a0", "\u2003", "\u3000"), minLength: 8, maxLength: 128 }), async (password) => {
        expect(await passwordMessages(password)).toEqual([PASSWORD_ONLY_SPACES]);
      }),
      { numRuns: 100 },
    );
    expect(await passwordMessages("        ")).toEqual(["A password cannot be only spaces."]);
  });

  it("asks for no mix of letters, digits or symbols: lowercase only, digits only, other scripts all pass", async () => {
    for (const password of ["qbmtrvxw", "blue owl", "84729103658274", "жёлтый дом у реки", "おばあちゃんの台所"]) {
      expect(await passwordMessages(password), password).toEqual([]);
    }
  });

  it("accepts the passwords our tests, helpers and scripts register with", async () => {
    for (const password of ["correct horse battery", "a family secret", "a long enough secret", "benchmark secret", "load-test-3f9a0c2b7d1e"]) {
      expect(await passwordMessages(password), password).toEqual([]);
    }
  });

  it("keeps the length limits: 8 to 128 characters, and says so before judging the words", async () => {
    expect(await passwordMessages("seven77")).toEqual(["Password must be at least 8 characters"]);
    expect(await passwordMessages("correct horse battery ".repeat(6))).toEqual(["Password must be at most 128 characters"]);
    expect(await passwordMessages("correct horse battery ".repeat(6).slice(0, 128))).toEqual([]);
  });

  it("judges the password even when another field is wrong, so the form shows every problem at once", async () => {
    const result = await registerSchema.safeParseAsync({ first_name: "", last_name: "Lovelace", email: "not-an-email", password: "12345678" });
    const fields = result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(fields).toEqual(expect.arrayContaining(["first_name: First name is required", `password: ${PASSWORD_TOO_EASY}`]));
  });

  it("never fails to answer, whatever the password", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 140 }), async (password) => {
        const result = await registerSchema.safeParseAsync({ ...person, password });
        expect(typeof result.success).toBe("boolean");
      }),
      { numRuns: 200 },
    );
  });

  describe("counts the person's own names and email as the first words a guesser tries", () => {
    const ivan = { first_name: "Ivan", last_name: "Imp", email: "ivan.imp@example.com" };
    const stranger = { first_name: "Rosa", last_name: "Parks", email: "rosa.parks@example.com" };

    it.each(["ivanimp1", "ivanimp2024", "Imp.Ivan2024"])(
      "refuses %j for Ivan Imp, and accepts it for someone whose names share nothing with it",
      async (password) => {
        expect(await passwordMessages(password, ivan)).toEqual([PASSWORD_TOO_EASY]);
        expect(await passwordMessages(password, stranger)).toEqual([]);
      },
    );

    it("refuses the email address and its words, whichever order and joiner", async () => {
      for (const password of ["ivan.imp@example.com", "impivan2024", "Ivan-Imp-1"]) {
        expect(await passwordMessages(password, ivan), password).toEqual([PASSWORD_TOO_EASY]);
      }
    });

    it("still accepts a long passphrase that has nothing to do with the person", async () => {
      expect(await passwordMessages("walnut orchard by the quiet river", ivan)).toEqual([]);
    });

    it("judges the password reset form by the same words", async () => {
      const form = passwordResetFormSchema(ivan);
      const refused = await form.safeParseAsync({ token: "a-token", password: "ivanimp2024" });
      expect(refused.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)).toEqual([`password: ${PASSWORD_TOO_EASY}`]);
      expect((await form.safeParseAsync({ token: "a-token", password: "walnut orchard by the quiet river" })).success).toBe(true);
    });
  });

  it("is not applied at sign-in: an account made before the rule still signs in with its password", () => {
    for (const password of ["12345678", "        ", "password"]) {
      expect(loginSchema.safeParse({ email: person.email, password }).success, password).toBe(true);
    }
  });
});
