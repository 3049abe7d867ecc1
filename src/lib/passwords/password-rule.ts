import type { StrengthEstimate } from "./estimate-strength";

// The password rule (docs/decisions/011-password-rule.md), after NIST SP 800-63B: at least 8
// characters, not only spaces, and not a password that is common, breached or easy to guess from
// the person's own name or email. No composition rules. The same rule runs in the register form
// and in POST /api/auth/register (registerSchema); sign-in never applies it.

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

/** Words a guesser would try first for this person: their names, their email, the service's name. */
export function contextWords(owner: PasswordOwner) {
  const words = [owner.first_name, owner.last_name, owner.email].filter((word): word is string => typeof word === "string" && word.trim() !== "");
  const email = typeof owner.email === "string" ? owner.email : "";
  const localPart = email.includes("@") ? email.slice(0, email.lastIndexOf("@")) : "";
  return [...words.map((word) => word.trim().toLowerCase()), ...(localPart ? [localPart.toLowerCase()] : []), "familybook"];
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
