"use client";

import { ImageIcon, ImagePlusIcon, Loader2Icon, XIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { toast } from "sonner";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { MAX_PHOTOS_PER_MEMORY } from "@/lib/constants";
import { TOO_MANY_PHOTOS, TOO_MANY_PHOTOS_TITLE } from "@/lib/schemas/memories";
import type { PhotoRefusal } from "./check-photo";
import { preparePhoto } from "./shrink-photo";

export type ExistingPhoto = { id: string; thumbnail_url: string };
export type NewPhoto = {
  key: string;
  file: File;
  previewUrl: string;
  progress: number | null;
  /** Set once the photo is in storage, so another try does not send it again. */
  uploadId?: string;
  /** Why the last try to save it failed: it did not reach storage, or the server refused it. */
  problem?: string;
  /** What was done to the chosen file to make it fit (shrink-photo.ts), in words. */
  note?: string | null;
};

/**
 * Photos of a memory before saving: existing ones (edit) can be removed, new ones added and
 * removed again. At most five in all. Each chosen file is checked at once (check-photo.ts); one
 * over 5 MB, or HEIC, is remade as a JPEG that fits where the browser can (shrink-photo.ts), and
 * the photo says so. One that is not a picture by its bytes, has too many pixels, or cannot be
 * remade is not added, and the list under the button names it and says why. While photos are
 * being prepared the picker tells `onBusyChange`, so the form waits for them before saving.
 */
export function PhotoPicker({
  existing,
  added,
  disabled,
  onRemoveExisting,
  onAdd,
  onRemoveAdded,
  onBusyChange,
  tooMany = TOO_MANY_PHOTOS,
}: {
  existing: ExistingPhoto[];
  added: NewPhoto[];
  disabled?: boolean;
  onRemoveExisting: (id: string) => void;
  onAdd: (photos: NewPhoto[]) => void;
  onRemoveAdded: (key: string) => void;
  onBusyChange?: (busy: boolean) => void;
  /** What choosing past five says: a memory's words by default. */
  tooMany?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [checking, setChecking] = useState(false);
  const [refusals, setRefusals] = useState<PhotoRefusal[]>([]);
  // What is being remade now, then what was remade: said in the status line, for screen readers too.
  const [remaking, setRemaking] = useState<string[]>([]);
  const [remade, setRemade] = useState<string[]>([]);
  const count = existing.length + added.length;
  const full = count >= MAX_PHOTOS_PER_MEMORY;

  async function choose(files: FileList | null) {
    const chosen = Array.from(files ?? []);
    if (input.current) input.current.value = "";
    if (chosen.length === 0) return;
    if (count + chosen.length > MAX_PHOTOS_PER_MEMORY) {
      setRefusals([{ fileName: "", title: TOO_MANY_PHOTOS_TITLE, message: tooMany }]);
      toast.error(TOO_MANY_PHOTOS_TITLE, { description: tooMany });
      return;
    }
    setChecking(true);
    onBusyChange?.(true);
    setRemade([]);
    const checks = await Promise.all(chosen.map((file) => preparePhoto(file, (status) => setRemaking((current) => [...current, status])))).finally(() => {
      setChecking(false);
      setRemaking([]);
      onBusyChange?.(false);
    });
    const refused = checks.flatMap((check) => ("refusal" in check ? [check.refusal] : []));
    setRefusals(refused);
    // One toast, whatever the number refused: the list under the button has every name and reason.
    if (refused.length === 1) toast.error(refused[0]!.title, { description: refused[0]!.message });
    else if (refused.length > 1) toast.error(`${refused.length} photos were not added`, { description: "The list under Photos says why for each." });
    const accepted = checks.flatMap((check) => ("photo" in check ? [check.photo] : []));
    setRemade(accepted.flatMap((photo) => (photo.note ? [photo.note] : [])));
    if (accepted.length) {
      onAdd(
        accepted.map(({ file, note }) => ({
          key: `${file.name}-${file.size}-${crypto.randomUUID()}`,
          file,
          note,
          previewUrl: URL.createObjectURL(file),
          progress: null,
        })),
      );
    }
  }

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={refusals.length > 0 ? `${id}-hint ${id}-refused` : `${id}-hint`} aria-busy={checking}>
      <legend className="text-base font-medium">Photos</legend>
      <p id={`${id}-hint`} className="text-base text-muted-foreground">
        Up to {MAX_PHOTOS_PER_MEMORY} photos, each at most 5MB. {count} of {MAX_PHOTOS_PER_MEMORY} chosen.
      </p>
      {count > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {existing.map((photo, index) => (
            <li key={photo.id} className="relative">
              {/* eslint-disable-next-line @next/next/no-img-element -- signed storage URL */}
              <img src={photo.thumbnail_url} alt={`Saved photo ${index + 1}`} className="aspect-[4/3] w-full rounded-lg border object-cover" />
              <RemoveButton label={`Remove saved photo ${index + 1}`} disabled={disabled} onClick={() => onRemoveExisting(photo.id)} />
            </li>
          ))}
          {added.map((photo) => (
            <li key={photo.key} className="relative min-w-0">
              <NewPhotoPreview photo={photo} />
              {photo.note && <p className="mt-1 text-base break-words">{photo.note}</p>}
              {photo.problem && <p className="mt-1 text-base font-medium break-words text-destructive">{photo.problem}</p>}
              {photo.progress !== null && (
                <progress
                  className="absolute inset-x-2 bottom-2 h-2 w-[calc(100%-1rem)] accent-primary"
                  max={1}
                  value={photo.progress}
                  aria-label={`Uploading ${photo.file.name}`}
                />
              )}
              <RemoveButton label={`Remove ${photo.file.name}`} disabled={disabled} onClick={() => onRemoveAdded(photo.key)} />
            </li>
          ))}
        </ul>
      )}
      <div>
        <input
          ref={input}
          id={`${id}-input`}
          type="file"
          accept="image/*"
          multiple
          className="peer sr-only"
          disabled={disabled || full}
          // Not disabled while photos are being prepared, which would throw the focus off it: it
          // says it is not available, and opens nothing until they are ready.
          aria-disabled={checking || undefined}
          onClick={(event) => {
            if (checking) event.preventDefault();
          }}
          onChange={(event) => choose(event.currentTarget.files)}
          aria-describedby={`${id}-hint`}
        />
        <label
          htmlFor={`${id}-input`}
          className={cn(
            buttonVariants({ variant: "outline" }),
            "cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
            (disabled || full || checking) && "pointer-events-none opacity-60",
          )}
        >
          <ImagePlusIcon aria-hidden="true" />
          {checking ? "Checking photos..." : "Add photos"}
        </label>
      </div>
      <div role="status">
        {remaking.length > 0 ? (
          <p className="flex items-center gap-2 text-base font-medium">
            <Loader2Icon aria-hidden="true" className="size-5 shrink-0 animate-spin motion-reduce:animate-none" />
            {remaking.join(" ")}
          </p>
        ) : (
          // Each remade photo says so beside it; this says it once more for screen readers.
          <p className="sr-only">{remade.join(" ")}</p>
        )}
      </div>
      {refusals.length > 0 && (
        <div id={`${id}-refused`} className="flex flex-col gap-1 rounded-lg border border-destructive/60 p-4">
          <p className="font-semibold">{refusals.length === 1 ? "Not added:" : `${refusals.length} photos not added:`}</p>
          <ul className="flex list-disc flex-col gap-1 pl-5" aria-label="Photos not added">
            {refusals.map((refusal, index) => (
              <li key={`${refusal.fileName}-${index}`} className="break-words">
                {refusal.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
}

/**
 * A new photo as it will look, from the file itself. A picture this browser cannot draw gets a
 * plain tile with its name instead of a broken image with its description spilling out.
 */
function NewPhotoPreview({ photo }: { photo: NewPhoto }) {
  const [drawable, setDrawable] = useState(true);
  const frame = cn("aspect-[4/3] w-full overflow-hidden rounded-lg border", photo.problem && "border-2 border-destructive");
  if (!drawable) {
    return (
      <div
        role="img"
        aria-label={`New photo ${photo.file.name}`}
        className={cn(frame, "flex flex-col items-center justify-center gap-1 bg-muted p-2 text-center")}
      >
        <ImageIcon aria-hidden="true" className="size-6" />
        <span className="line-clamp-2 break-all">{photo.file.name}</span>
      </div>
    );
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- local preview (blob: URL)
    <img src={photo.previewUrl} alt={`New photo ${photo.file.name}`} onError={() => setDrawable(false)} className={cn(frame, "object-cover")} />
  );
}

function RemoveButton({ label, disabled, onClick }: { label: string; disabled?: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      className="absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-full bg-background/90 text-foreground shadow focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60"
    >
      <XIcon aria-hidden="true" className="size-5" />
    </button>
  );
}
