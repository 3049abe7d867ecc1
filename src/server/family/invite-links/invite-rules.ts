import "server-only";
import { randomBytes } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import * as clock from "@/server/platform/clock";
import { getEnv } from "@/server/platform/env";

// What makes an invite usable, in one place (docs/decisions/008-invites.md): it has not been
// revoked (replaced or closed by an admin) and has not expired. Prisma's form and the SQL form
// used under a row lock sit side by side so they cannot drift apart.

export const openInviteWhere = (now: Date = clock.now()) => ({ revoked_at: null, expires_at: { gt: now } });

export const openInviteSql = (now: Date = clock.now()) => Prisma.sql`revoked_at IS NULL AND expires_at > ${now}`;

/** 18 random bytes: 144 bits, 24 base64url characters, nothing to guess. */
export function newInviteCode() {
  return randomBytes(18).toString("base64url");
}

/** When a link issued now stops working: after the admin's choice of days, else INVITE_LINK_DAYS. */
export function inviteExpiry(days: number = getEnv().INVITE_LINK_DAYS, now: Date = clock.now()) {
  return new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
}
