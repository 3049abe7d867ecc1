import { formatFileSize } from "@/lib/file-size";
import type { PreparedFilesStorageDto } from "@/lib/schemas/prepared-files";

/** What the person keeps of books and exports together, against what they may keep (docs/decisions/036-prepared-files.md). */
export function KeptFilesAllowance({ storage }: { storage: PreparedFilesStorageDto }) {
  const full = storage.used_bytes >= storage.allowed_bytes;
  return (
    <div className="flex flex-col gap-1">
      <p id="kept-files-allowance">
        {storage.used_bytes === 0
          ? `You keep no books or exports; you may keep ${formatFileSize(storage.allowed_bytes)} of them.`
          : `Your books and exports take ${formatFileSize(storage.used_bytes)} of the ${formatFileSize(storage.allowed_bytes)} you may keep.`}
        {full && " Delete one you no longer need to make a new one."}
      </p>
      <meter
        className="h-2 w-full"
        min={0}
        max={storage.allowed_bytes}
        high={storage.allowed_bytes * 0.9}
        value={Math.min(storage.used_bytes, storage.allowed_bytes)}
        aria-labelledby="kept-files-allowance"
      />
    </div>
  );
}
