import "server-only";
import { randomUUID } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";
import { AppError } from "@/server/platform/http/app-error";
import { ACTIVE_PER_FAMILY, REUSE_READY_WITHIN_MS, type PreparedFileKind } from "./prepared-file-kinds";
import { preparedFilesStorage, storageFull } from "./prepared-files-storage";

// Asking for a book or an export (docs/decisions/036-prepared-files.md). Jobs run one at a time
// per instance, so every file made delays everyone's, and each is kept a week: one person has at
// most one of a kind being made, the same request is answered with the file already there, a
// family has at most ACTIVE_PER_FAMILY of a kind being made, and one person keeps at most
// PREPARED_FILES_MAX_BYTES.

type Started = { id: string; started: boolean };

/** A JSON object's entries in one order, so that two objects compare equal when they hold the same. */
const sameRequest = (a: Record<string, string>, b: Record<string, string>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * Answers the file for `request`: the one being made or made minutes ago for the same request
 * (`started` false), or a new one that `insert` records and `enqueue` sends to its job. Refuses
 * with 409 while the person has another one being made, with 429 while the family has
 * ACTIVE_PER_FAMILY being made, and with 409 when the person keeps their allowance already.
 */
export async function startPreparedFile({
  kind,
  viewer,
  request,
  now,
  insert,
  enqueue,
}: {
  kind: PreparedFileKind;
  viewer: UserDto;
  /** What was asked, as kind.requestSql reads it back: a book's choices without the empty ones, an export's scope. */
  request: Record<string, string>;
  now: Date;
  /** Records the new file, with this id, in the transaction that counted the limits. */
  insert: (tx: Prisma.TransactionClient, id: string) => Promise<unknown>;
  /** Sends its job once the record is committed. */
  enqueue: (id: string) => Promise<unknown>;
}): Promise<Started> {
  const prisma = await getDb();
  const table = Prisma.raw(`"${kind.table}"`);
  const requestSql = Prisma.raw(kind.requestSql);
  const active = Prisma.join(kind.activeStatuses);

  const outcome = await prisma.$transaction(async (tx): Promise<Started> => {
    // Requests at once — one person's, or a family's — take turns here, so each counts what the
    // one before it added; the family first, then the person, always in that order.
    if (viewer.family_id) {
      await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`prepared-files:family:${viewer.family_id}`}))) AS acquired`;
    }
    await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`prepared-files:person:${viewer.id}`}))) AS acquired`;

    // One lost with a job that used every attempt would otherwise hold its place for ever.
    await tx.$executeRaw`
      UPDATE ${table} SET status = 'failed', finished_at = ${now}
      WHERE status IN (${active}) AND created_at < ${new Date(now.getTime() - kind.lostAfterMs)}`;

    const [making] = await tx.$queryRaw<{ id: string; request: string }[]>`
      SELECT id::text AS id, (${requestSql})::text AS request FROM ${table} WHERE user_id = ${viewer.id}::uuid AND status IN (${active})`;
    if (making) {
      const asked = JSON.parse(making.request) as Record<string, string>;
      if (sameRequest(asked, request)) return { id: making.id, started: false };
      throw new AppError("CONFLICT", kind.messages.busy(kind.describeRequest(asked)));
    }

    // Made minutes ago the same way: the same file, rather than a second copy of it.
    const [recent] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text AS id FROM ${table}
      WHERE user_id = ${viewer.id}::uuid AND status = 'ready' AND expires_at > ${now}
        AND finished_at > ${new Date(now.getTime() - REUSE_READY_WITHIN_MS)} AND (${requestSql}) = ${JSON.stringify(request)}::jsonb
      ORDER BY finished_at DESC LIMIT 1`;
    if (recent) return { id: recent.id, started: false };

    if (viewer.family_id) {
      const [family] = await tx.$queryRaw<{ making: number }[]>`
        SELECT count(*)::int AS making FROM ${table} AS file JOIN users ON users.id = file.user_id
        WHERE users.family_id = ${viewer.family_id}::uuid AND file.status IN (${active})`;
      if ((family?.making ?? 0) >= ACTIVE_PER_FAMILY) {
        throw new AppError("RATE_LIMITED", kind.messages.familyBusy(ACTIVE_PER_FAMILY), undefined, { "Retry-After": "60" });
      }
    }

    const storage = await preparedFilesStorage({ viewer, now, db: tx });
    if (storage.used_bytes >= storage.allowed_bytes) throw new AppError("CONFLICT", storageFull(storage));

    const id = randomUUID();
    await insert(tx, id);
    return { id, started: true };
  });

  if (outcome.started) {
    try {
      await enqueue(outcome.id);
    } catch (error) {
      await prisma.$executeRaw`DELETE FROM ${table} WHERE id = ${outcome.id}::uuid`;
      throw error;
    }
  }
  return outcome;
}
