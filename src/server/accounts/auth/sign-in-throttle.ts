import "server-only";
import { clearCount, consume, refund, refuse, tryAgain, type RateLimitRule } from "@/server/platform/http/rate-limit";

// How sign-in resists guessing without letting anyone lock the owner out
// (docs/decisions/010-sign-in-throttling.md, after OWASP's Authentication and Credential
// Stuffing cheat sheets). Every attempt is counted before the password is checked:
// - per account and address: consecutive failures of one client at one account;
// - per address: failures across accounts (password spraying from one place);
// - per account: failures from anywhere. Past it the account is under attack and each address
//   gets only a few guesses, but an address that has not been failing still may sign in.
// A correct password clears the client's failures at the account and gives back its count.

const message = (minutes: number) => `Too many sign-in attempts. ${tryAgain(minutes)}`;

export const signInRules = {
  byAccountAndAddress: { name: "login-account-address", limit: 10, windowSeconds: 15 * 60, message },
  byAddress: { name: "login-address", limit: 50, windowSeconds: 60 * 60, message },
  byAccount: { name: "login-account", limit: 50, windowSeconds: 60 * 60, message },
} satisfies Record<string, RateLimitRule>;

/** Guesses an address may make at an account that is under attack. */
export const GUESSES_WHILE_UNDER_ATTACK = 3;

export type SignInAttempt = { account: string; address: string };

const pairOf = ({ account, address }: SignInAttempt) => `${account}|${address}`;

/** Counts the attempt; throws 429 when it must not be tried. Call before checking the password. */
export async function admitSignInAttempt(attempt: SignInAttempt) {
  const fromAddress = await consume(signInRules.byAddress, attempt.address);
  if (fromAddress.consumed > signInRules.byAddress.limit) refuse(signInRules.byAddress, fromAddress);
  const pair = await consume(signInRules.byAccountAndAddress, pairOf(attempt));
  if (pair.consumed > signInRules.byAccountAndAddress.limit) refuse(signInRules.byAccountAndAddress, pair);
  const atAccount = await consume(signInRules.byAccount, attempt.account);
  if (atAccount.consumed > signInRules.byAccount.limit && pair.consumed > GUESSES_WHILE_UNDER_ATTACK) {
    refuse(signInRules.byAccountAndAddress, pair);
  }
}

/** The owner got in: their failures here are forgotten and this attempt is not held against anyone. */
export async function signInSucceeded(attempt: SignInAttempt) {
  await Promise.all([
    clearCount(signInRules.byAccountAndAddress, pairOf(attempt)),
    refund(signInRules.byAddress, attempt.address),
    refund(signInRules.byAccount, attempt.account),
  ]);
}
