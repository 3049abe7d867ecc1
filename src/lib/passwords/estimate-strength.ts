import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as englishDictionary, translations } from "@zxcvbn-ts/language-en";

// The heavy half of the password rule: zxcvbn with the common-password list (about 50,000
// passwords seen in breaches), English words, names and keyboard patterns, about 2 MB of data.
// Only ever loaded through import() (password-rule.ts), so no page carries it but the one that
// asks for it, and only once it does.

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...commonDictionary, ...englishDictionary },
  graphs: adjacencyGraphs,
  translations,
  // The first 64 characters decide, and l33t variants are capped: a long random password would
  // otherwise take a second of CPU to rate, on the server as much as on a phone.
  maxLength: 64,
  l33tMaxSubstitutions: 10,
});

export type StrengthEstimate = {
  /** 0 (a password seen in breaches, guessed at once) to 4 (beyond any online attack). */
  score: 0 | 1 | 2 | 3 | 4;
  /** Why a weak password is weak, in plain English, or null. */
  warning: string | null;
  suggestions: string[];
};

export function estimateStrength(password: string, contextWords: string[]): StrengthEstimate {
  const result = zxcvbn.check(password, contextWords);
  return { score: result.score, warning: result.feedback.warning, suggestions: result.feedback.suggestions };
}
