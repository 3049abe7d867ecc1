import "server-only";
import { getDb } from "@/server/platform/db/client";
import { AppError } from "@/server/platform/http/app-error";

export const UPLOAD_LINK_USED = "This upload link can no longer be used.";

/**
 * A signed upload URL stays valid for minutes, but its upload may be over sooner: once a memory
 * took the photo (or the sweep removed it), the row is gone and the key takes no more bytes.
 * Otherwise the same URL could park a file in storage that no row would ever clean up.
 */
export async function assertUploadPending({ key }: { key: string }) {
  const prisma = await getDb();
  const pending = await prisma.photoUpload.findUnique({ where: { key }, select: { id: true } });
  if (!pending) throw new AppError("FORBIDDEN", UPLOAD_LINK_USED);
}
