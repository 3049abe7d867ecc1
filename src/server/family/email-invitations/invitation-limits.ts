import "server-only";
import { tryAgain, type RateLimitRule } from "@/server/platform/http/rate-limit";

// How many invitations may be emailed (docs/decisions/016-invitations-by-email.md): enough for a
// whole family in an evening, too few to turn Family Book into a way of sending mail to strangers.

const message = (minutes: number) => `You have sent a lot of invitations today. ${tryAgain(minutes)}`;

export const invitationRules = {
  /** Invitations and resends by one member. */
  bySender: { name: "invitations-sender", limit: 30, windowSeconds: 24 * 60 * 60, message },
  /** Emails to one address, whoever asks. */
  byAddress: {
    name: "invitations-address",
    limit: 3,
    windowSeconds: 24 * 60 * 60,
    message: (minutes: number) => `This address has had several invitations today. ${tryAgain(minutes)}`,
  },
} satisfies Record<string, RateLimitRule>;

/** Invitations a family may have waiting at once. */
export const MAX_WAITING_INVITATIONS = 50;
export const TOO_MANY_WAITING = `Your family has ${MAX_WAITING_INVITATIONS} invitations waiting. Revoke some before sending more.`;
