import "server-only";
import { Prisma } from "@/generated/prisma/client";
import { formatFileSize } from "@/lib/file-size";
import type { PreparedFilesStorageDto } from "@/lib/schemas/prepared-files";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { getDb } from "@/server/platform/db/client";
import { getEnv } from "@/server/platform/env";
import { PREPARED_FILE_KINDS } from "./prepared-file-kinds";

// What one person keeps of books and exports together, against PREPARED_FILES_MAX_BYTES
// (docs/decisions/036-prepared-files.md): shown beside them, and checked before a new one is made.

type Reader = Pick<Prisma.TransactionClient, "$queryRaw">;

export async function preparedFilesStorage({ viewer, now, db }: { viewer: Pick<UserDto, "id">; now: Date; db?: Reader }): Promise<PreparedFilesStorageDto> {
  const reader = db ?? (await getDb());
  const kept = PREPARED_FILE_KINDS.map(
    (kind) => Prisma.sql`SELECT byte_size::bigint AS byte_size FROM ${Prisma.raw(`"${kind.table}"`)}
      WHERE user_id = ${viewer.id}::uuid AND status = 'ready' AND expires_at > ${now}`,
  );
  const [row] = await reader.$queryRaw<
    { used: number }[]
  >`SELECT COALESCE(sum(byte_size), 0)::float8 AS used FROM (${Prisma.join(kept, " UNION ALL ")}) AS kept`;
  return { used_bytes: row?.used ?? 0, allowed_bytes: getEnv().PREPARED_FILES_MAX_BYTES };
}

export const storageFull = (storage: PreparedFilesStorageDto) =>
  `You are keeping ${formatFileSize(storage.used_bytes)} of books and exports, and each person may keep ${formatFileSize(storage.allowed_bytes)}. Delete one you no longer need (under Your books, or Prepared exports in Your data), then ask again.`;
