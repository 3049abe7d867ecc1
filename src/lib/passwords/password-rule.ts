import type { StrengthEstimate } from "./estimate-strength";

// The password rule (docs/decisions/011-password-rule.md), after NIST SP 800-63B: at least 8
// characters, not only spaces, and not a password that is common, breached or easy to guess from
// the person's own name or email. No composition rules. The same rule runs in the register form
// and POST /api/auth/register (registerSchema), in the reset form and
// POST /api/auth/password-reset/confirm, and in Settings' change of password and
// PUT /api/auth/password; sign-in never applies it.

/** The length a new password must have: at least 8 characters, at most 128. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_TOO_EASY = "This password is too common or too easy to guess. Please choose one that is harder to guess.";
export const PASSWORD_ONLY_SPACES = "A password cannot be only spaces.";

/** zxcvbn's score 2: about a hundred million guesses, far beyond a rate-limited sign-in form. */
export const MIN_PASSWORD_SCORE = 2;

export type PasswordOwner = { first_name?: unknown; last_name?: unknown; email?: unknown };
export type { StrengthEstimate };

let estimator: Promise<typeof import("./estimate-strength")> | undefined;

/** The dictionaries, loaded on first use and kept. A failed load is tried again next time. */
export function loadStrengthEstimator() {
  estimator ??= import("./estimate-strength").catch((error: unknown) => {
    estimator = undefined;
    throw error;
  });
  return estimator;
}

/** Characters people put between two of their words: "ivanimp", "ivan.imp", "imp_ivan", "Ivan Imp". */
const WORD_JOINERS = ["", ".", "_", "-", " "];
/** A name of 100 characters could hold 50 words; the first few are the ones a guesser tries. */
const MOST_OWN_WORDS = 8;

/**
 * Words a guesser would try first for this person (zxcvbn's user inputs): their names, their
 * email address whole and its local part, the words of those, and any two of those words joined
 * as people join them in a password ("ivanimp2024", "Imp.Ivan2024"): zxcvbn rates a password made
 * of several matches as much harder than one made of a single known word.
 */
export function contextWords(owner: PasswordOwner) {
  const typed = (value: unknown) => (typeof value === "string" ? value.trim().toLowerCase() : "");
  const firstName = typed(owner.first_name);
  const lastName = typed(owner.last_name);
  const email = typed(owner.email);
  const localPart = email.includes("@") ? email.slice(0, email.lastIndexOf("@")) : "";
  const ownWords = unique([firstName, lastName, localPart].flatMap((text) => text.split(/[^\p{L}\p{N}]+/u))).slice(0, MOST_OWN_WORDS);
  const joinedWords = ownWords.flatMap((first) =>
    ownWords.filter((second) => second !== first).flatMap((second) => WORD_JOINERS.map((joiner) => `${first}${joiner}${second}`)),
  );
  return unique([firstName, lastName, email, localPart, ...ownWords, "familybook", ...joinedWords]);
}

function unique(words: string[]) {
  return [...new Set(words.filter((word) => word !== ""))];
}

export async function estimatePasswordStrength(password: string, owner: PasswordOwner = {}): Promise<StrengthEstimate> {
  const { estimateStrength } = await loadStrengthEstimator();
  return estimateStrength(password, contextWords(owner));
}

/**
 * True when the password is common or easy to guess. In the browser a dictionary that could not
 * be loaded (a dropped connection) lets the form through: the server applies the same rule.
 */
export async function isTooEasyToGuess(password: string, owner: PasswordOwner = {}) {
  try {
    return (await estimatePasswordStrength(password, owner)).score < MIN_PASSWORD_SCORE;
  } catch (error) {
    if (typeof window === "undefined") throw error;
    return false;
  }
}
