import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { toUserDto, type UserDto } from "@/server/accounts/users/user-dto";
import { now } from "@/server/platform/clock";
import { getDb, queryRows } from "@/server/platform/db/client";
import { AppError } from "@/server/platform/http/app-error";
import { SESSION_LIFETIME_SECONDS } from "./session-cookies";

// Sessions are rows; the token (256 random bits) is handed out once and only its SHA-256 is
// stored, so a leaked database does not leak sessions. Logout and refresh revoke at once.

export const SESSION_ENDED = "This session has ended. Please sign in again.";

export type ActiveSession = { sessionId: string; user: UserDto; expiresAt: Date };

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createSession({ userId, userAgent }: { userId: string; userAgent?: string | null }) {
  const prisma = await getDb();
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now().getTime() + SESSION_LIFETIME_SECONDS * 1000);
  await prisma.session.create({
    data: { user_id: userId, token_hash: hashToken(token), expires_at: expiresAt, user_agent: userAgent?.slice(0, 300) ?? null },
  });
  return { token, expiresAt };
}

/** The row the session lookup returns; checked against it outside production (decision 006). */
const activeSessionRow = z.strictObject({
  session_id: z.string(),
  expires_at: z.date(),
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  family_id: z.string().nullable(),
});

/** Runs on every signed-in request and page, so it is one hand-written query (decision 006). */
export async function findActiveSession(token: string | undefined): Promise<ActiveSession | null> {
  if (!token || token.length > 200) return null;
  const [row] = await queryRows(
    Prisma.sql`
    SELECT s.id AS session_id, s.expires_at, u.id, u.email, u.first_name, u.last_name, u.family_id
      FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.token_hash = ${hashToken(token)} AND s.revoked_at IS NULL AND s.expires_at > ${now()}`,
    activeSessionRow,
  );
  return row ? { sessionId: row.session_id, user: toUserDto(row), expiresAt: row.expires_at } : null;
}

export async function revokeSession(sessionId: string) {
  const prisma = await getDb();
  await prisma.session.updateMany({ where: { id: sessionId, revoked_at: null }, data: { revoked_at: now() } });
}

/**
 * Ends the session a token belongs to, if it is still running. For a browser that signed out
 * while Family Book could not be reached: its token is revoked the next time it gets through.
 */
export async function revokeSessionToken(token: string) {
  if (token.length > 200) return;
  const prisma = await getDb();
  await prisma.session.updateMany({ where: { token_hash: hashToken(token), revoked_at: null }, data: { revoked_at: now() } });
}

/** A new token for the same user; the old one stops working in the same transaction. */
export async function rotateSession(session: ActiveSession, userAgent?: string | null) {
  const prisma = await getDb();
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now().getTime() + SESSION_LIFETIME_SECONDS * 1000);
  await prisma.$transaction(async (tx) => {
    const revoked = await tx.session.updateMany({ where: { id: session.sessionId, revoked_at: null }, data: { revoked_at: now() } });
    // Two refreshes of one token at once: the first wins, the second finds it already revoked.
    if (revoked.count !== 1) throw new AppError("UNAUTHORIZED", SESSION_ENDED);
    await tx.session.create({
      data: { user_id: session.user.id, token_hash: hashToken(token), expires_at: expiresAt, user_agent: userAgent?.slice(0, 300) ?? null },
    });
  });
  return { token, expiresAt };
}
