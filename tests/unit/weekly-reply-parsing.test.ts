import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findReplyToken, replyAddressFor, tokenFromReplyAddress } from "@/server/questions/weekly-email-replies/reply-address";
import { extractReplyText, MAX_READ_CHARACTERS } from "@/server/questions/weekly-email-replies/reply-text";

// The reply address and the reply's text come from anyone who can send mail
// (docs/decisions/022-answers-by-reply.md): both parsers are fuzzed.

const DOMAIN = "reply.familybook.example";
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const token = fc.string({ unit: fc.constantFrom(...BASE64URL), minLength: 43, maxLength: 43 });

describe("the reply address", () => {
  it("gives back exactly the token it carries, whatever the case of the mailbox and the domain", () => {
    fc.assert(
      fc.property(token, fc.boolean(), (value, upper) => {
        const address = replyAddressFor(value, DOMAIN);
        expect(address).toBe(`answers+${value}@${DOMAIN}`);
        const [local, domain] = [address.slice(0, address.lastIndexOf("@")), address.slice(address.lastIndexOf("@") + 1)];
        const changed = upper ? `${local.slice(0, 7).toUpperCase()}${local.slice(7)}@${domain.toUpperCase()}` : `<${address}>`;
        expect(tokenFromReplyAddress(changed, DOMAIN)).toBe(value);
      }),
    );
  });

  it("never throws, and finds a token only in an address of exactly that shape", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.emailAddress(), fc.anything()), (input) => {
        const found = tokenFromReplyAddress(input, DOMAIN);
        if (found !== null) {
          expect(found).toMatch(/^[A-Za-z0-9_-]{43}$/);
          expect(String(input).toLowerCase()).toContain(`answers+${found.toLowerCase()}@${DOMAIN}`);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses a token one character too short or long, with a character outside base64url, at another domain or mailbox", () => {
    fc.assert(
      fc.property(token, fc.constantFrom(..."!#$%&'*+/=?^`{|}~. \u00e9"), fc.nat(42), (value, bad, at) => {
        expect(tokenFromReplyAddress(`answers+${value.slice(1)}@${DOMAIN}`, DOMAIN)).toBeNull();
        expect(tokenFromReplyAddress(`answers+${value}A@${DOMAIN}`, DOMAIN)).toBeNull();
        expect(tokenFromReplyAddress(`answers+${value.slice(0, at)}${bad}${value.slice(at + 1)}@${DOMAIN}`, DOMAIN)).toBeNull();
        expect(tokenFromReplyAddress(`answers+${value}@evil.example`, DOMAIN)).toBeNull();
        expect(tokenFromReplyAddress(`answers+${value}@${DOMAIN}.evil.example`, DOMAIN)).toBeNull();
        expect(tokenFromReplyAddress(`questions+${value}@${DOMAIN}`, DOMAIN)).toBeNull();
        expect(tokenFromReplyAddress(`answers+${value}@${DOMAIN}@${DOMAIN}`, DOMAIN)).toBeNull();
      }),
    );
  });

  it("takes the first reply address among many, and none without a domain configured", () => {
    fc.assert(
      fc.property(fc.array(fc.emailAddress(), { maxLength: 5 }), token, token, (others, first, second) => {
        const addresses = [...others, replyAddressFor(first, DOMAIN), replyAddressFor(second, DOMAIN)];
        expect(findReplyToken(addresses, DOMAIN)).toBe(first);
        expect(findReplyToken(addresses, undefined)).toBeNull();
        expect(findReplyToken(others, DOMAIN)).toBeNull();
      }),
    );
  });
});

describe("the new text of a reply", () => {
  const word = fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzàéöß"), minLength: 1, maxLength: 10 });
  const line = fc.array(word, { minLength: 1, maxLength: 12 }).map((words) => words.join(" "));
  const paragraph = fc.array(line, { minLength: 1, maxLength: 4 }).map((lines) => lines.join("\n"));
  const newText = fc.array(paragraph, { minLength: 1, maxLength: 4 }).map((paragraphs) => paragraphs.join("\n\n"));
  const history = fc.array(fc.string({ maxLength: 60 }), { maxLength: 10 }).map((lines) => lines.map((text) => `> ${text.replace(/[\r\n]/g, " ")}`).join("\n"));
  const header = fc.constantFrom(
    "On Sun, 31 Oct 2027 at 10:00, Family Book <answers+abc@reply.familybook.example> wrote:",
    "On 31 Oct 2027, at 10:00, Family Book <hello@familybook.example> wrote:",
    "-----Original Message-----",
  );
  const signature = fc.constantFrom("", "\n\n-- \nGrandma Rose\n555 0100", "\n\nSent from my iPhone");
  const newline = fc.constantFrom("\n", "\r\n");

  it("keeps exactly what was written above the quoted email and the signature", () => {
    fc.assert(
      fc.property(newText, signature, header, history, newline, (text, sign, quoteHeader, quoted, eol) => {
        const message = `${text}${sign}\n\n${quoteHeader}\n${quoted}\n`.replace(/\n/g, eol);
        expect(extractReplyText(message)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it("finds no new text in a reply that is only a phone's signature (a voice memo or photos sent from a phone)", () => {
    for (const alone of [
      "Sent from my iPhone",
      "\n\nSent from my iPad\n",
      "Sent from my Galaxy S24 Ultra",
      "Get Outlook for Android",
      "Sent from Mail for Windows",
    ]) {
      expect(extractReplyText(`${alone}\n\nOn Sun, 31 Oct 2027 at 10:00, Family Book <hello@familybook.example> wrote:\n> Where were you born?\n`)).toBe("");
      expect(extractReplyText(alone)).toBe("");
    }
    // Words that only begin like a signature are an answer.
    expect(extractReplyText("Sent from my village to the city at twelve, I never went back.")).toBe(
      "Sent from my village to the city at twelve, I never went back.",
    );
    expect(extractReplyText("Sent from my village to the city at twelve")).toBe("Sent from my village to the city at twelve");
    expect(extractReplyText("We lived by the sea.\n\nSent from my iPhone")).toBe("We lived by the sea.");
  });

  it("never throws, and keeps no control characters and nothing beyond what it reads", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.string({ unit: fc.constantFrom("\n", "\r", " ", ">", "-", "O", "n", "\u0000", "\u202e") })),
        (input) => {
          const text = extractReplyText(input);

          expect(text).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F\u202E]/);
          expect(text.length).toBeLessThanOrEqual(Math.min(input.length, MAX_READ_CHARACTERS));
          expect(text).toBe(text.trim());
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("reads a long reply with long runs of blank lines in good time", () => {
    const started = performance.now();
    expect(extractReplyText(`${"\n".repeat(200_000)}Hello\n${" \n".repeat(100_000)}`)).toBe("Hello");
    expect(extractReplyText("An answer.\n\n" + "> quoted\n".repeat(50_000))).toBe("An answer.");
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
