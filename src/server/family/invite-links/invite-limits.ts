import "server-only";
import { tryAgain, type RateLimitRule } from "@/server/platform/http/rate-limit";

// Invite codes carry 144 random bits, so guessing is hopeless; this only keeps one address from
// hammering the lookup (docs/decisions/008-invites.md).

export const inviteRules = {
  lookupsByAddress: {
    name: "invite-lookup-address",
    limit: 60,
    windowSeconds: 15 * 60,
    message: (minutes) => `Too many invite links checked. ${tryAgain(minutes)}`,
  },
} satisfies Record<string, RateLimitRule>;
