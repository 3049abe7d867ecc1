import { z } from "zod";

// What a printed book and a prepared export have in common, as the API shows them
// (docs/decisions/036-prepared-files.md): a file a job makes for its owner alone, downloaded
// through a short-lived signed address and kept for a week after it is ready.

/** How long a finished book or export is kept. */
export const PREPARED_FILE_KEPT_DAYS = 7;

/** The fields every prepared file's DTO carries, beside its own (a book's choices, an export's scope). */
export const preparedFileFields = {
  id: z.guid(),
  file_name: z.string().nullable().meta({ description: "The name it downloads under, once ready." }),
  byte_size: z.number().int().nonnegative().nullable().meta({ description: "Its size in bytes, once ready." }),
  download_url: z.string().nullable().meta({ description: "Where its owner downloads it, once ready: a redirect to a signed address valid five minutes." }),
  created_at: z.iso.datetime().meta({ description: "When it was asked for (ISO 8601)." }),
  finished_at: z.iso.datetime().nullable().meta({ description: "When it was ready, or failed." }),
  expires_at: z.iso.datetime().meta({ description: "When it and its file are removed: a week after it was ready." }),
};

/** What one person keeps, against what they may keep: shown beside their books and exports. */
export const preparedFilesStorageSchema = z
  .strictObject({
    used_bytes: z.number().int().nonnegative().meta({ description: "What the person's ready books and exports take together, until they expire." }),
    allowed_bytes: z.number().int().positive().meta({
      description: "What one person may keep (PREPARED_FILES_MAX_BYTES). At or above it, a new book or prepared export is refused until one is deleted.",
    }),
  })
  .meta({ id: "PreparedFilesStorage" });

export type PreparedFilesStorageDto = z.output<typeof preparedFilesStorageSchema>;
