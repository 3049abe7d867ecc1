import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { getDb } from "@/server/platform/db/client";
import { defineJob } from "@/server/platform/jobs/job-definition";
import { getStorage } from "@/server/platform/storage";
import { PREPARED_FILE_KINDS } from "./prepared-file-kinds";

// Housekeeping (docs/product.md §12): books and exports kept past their week go, the object in
// storage first and then the row, so a run cut short leaves rows that the next run finishes and
// never an object that no row names.

const BATCH_SIZE = 100;

export async function deleteExpiredPreparedFiles({ now }: { now: Date }) {
  const prisma = await getDb();
  const storage = getStorage();
  const removed = { books: 0, exports: 0 };
  for (const kind of PREPARED_FILE_KINDS) {
    const table = Prisma.raw(`"${kind.table}"`);
    for (;;) {
      const expired = await prisma.$queryRaw<{ id: string; storage_key: string | null }[]>`
        SELECT id::text AS id, storage_key FROM ${table} WHERE expires_at <= ${now} ORDER BY expires_at LIMIT ${BATCH_SIZE}`;
      if (expired.length === 0) break;
      for (const file of expired) if (file.storage_key) await storage.delete(file.storage_key);
      removed[kind.name] += await prisma.$executeRaw`DELETE FROM ${table} WHERE id IN (${Prisma.join(expired.map(({ id }) => Prisma.sql`${id}::uuid`))})`;
      if (expired.length < BATCH_SIZE) break;
    }
  }
  return removed;
}

export const deleteExpiredPreparedFilesJob = defineJob({
  name: "housekeeping.expired-files",
  schema: z.null(),
  handler: (_data, attempt) => deleteExpiredPreparedFiles({ now: attempt.now }),
  retryLimit: 3,
  retryBackoff: true,
  expireInSeconds: 10 * 60,
  schedule: "0 * * * *",
  policy: "exclusive",
});
