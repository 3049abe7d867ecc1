import "server-only";
import { tryAgain, type RateLimitRule } from "@/server/platform/http/rate-limit";

// How many accounts may be made from one place (docs/decisions/010-sign-in-throttling.md).

const message = (minutes: number) => `Too many registration attempts. ${tryAgain(minutes)}`;

export const registrationRules = {
  /** Every attempt from one address, whatever it asks for: the outer bound. */
  attemptsByAddress: { name: "register-address", limit: 50, windowSeconds: 60 * 60, message },
  /** New families started from one address. */
  newFamiliesByAddress: { name: "register-new-family", limit: 10, windowSeconds: 60 * 60, message },
  /** Relatives joining through one invite from one address: a family gathering on one Wi-Fi. */
  joinsByInviteAndAddress: { name: "register-invite-address", limit: 30, windowSeconds: 60 * 60, message },
  /** Attempts at one email address. */
  byAccount: { name: "register-account", limit: 10, windowSeconds: 15 * 60, message },
} satisfies Record<string, RateLimitRule>;
