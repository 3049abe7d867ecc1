import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { getDb } from "@/server/db/client";
import { toUserDto, userDtoSelect, type UserDto } from "@/server/users/user-dto";
import { SESSION_LIFETIME_SECONDS } from "./session-cookies";

// Sessions are rows; the token (256 random bits) is handed out once and only its SHA-256 is
// stored, so a leaked database does not leak sessions. Logout and refresh revoke at once.

export type ActiveSession = { sessionId: string; user: UserDto; expiresAt: Date };

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createSession({ userId, userAgent }: { userId: string; userAgent?: string | null }) {
  const prisma = await getDb();
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_SECONDS * 1000);
  await prisma.session.create({
    data: { user_id: userId, token_hash: hashToken(token), expires_at: expiresAt, user_agent: userAgent?.slice(0, 300) ?? null },
  });
  return { token, expiresAt };
}

export async function findActiveSession(token: string | undefined): Promise<ActiveSession | null> {
  if (!token || token.length > 200) return null;
  const prisma = await getDb();
  const session = await prisma.session.findFirst({
    where: { token_hash: hashToken(token), revoked_at: null, expires_at: { gt: new Date() } },
    select: { id: true, expires_at: true, user: { select: userDtoSelect } },
  });
  return session ? { sessionId: session.id, user: toUserDto(session.user), expiresAt: session.expires_at } : null;
}

export async function revokeSession(sessionId: string) {
  const prisma = await getDb();
  await prisma.session.updateMany({ where: { id: sessionId, revoked_at: null }, data: { revoked_at: new Date() } });
}

/** A new token for the same user; the old one stops working in the same transaction. */
export async function rotateSession(session: ActiveSession, userAgent?: string | null) {
  const prisma = await getDb();
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_SECONDS * 1000);
  await prisma.$transaction(async (tx) => {
    const revoked = await tx.session.updateMany({ where: { id: session.sessionId, revoked_at: null }, data: { revoked_at: new Date() } });
    if (revoked.count !== 1) throw new Error("Session was already revoked");
    await tx.session.create({
      data: { user_id: session.user.id, token_hash: hashToken(token), expires_at: expiresAt, user_agent: userAgent?.slice(0, 300) ?? null },
    });
  });
  return { token, expiresAt };
}
