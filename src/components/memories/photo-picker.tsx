"use client";

import { ImagePlusIcon, XIcon } from "lucide-react";
import { useId, useRef } from "react";
import { toast } from "sonner";
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_MEMORY } from "@/lib/constants";
import { FILE_TOO_LARGE_TITLE, fileTooLarge, NOT_AN_IMAGE_TITLE, notAnImage, TOO_MANY_PHOTOS, TOO_MANY_PHOTOS_TITLE } from "@/lib/schemas/memories";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/cn";

export type ExistingPhoto = { id: string; thumbnail_url: string };
export type NewPhoto = {
  key: string;
  file: File;
  previewUrl: string;
  progress: number | null;
  /** Set once the photo is in storage, so another try does not send it again. */
  uploadId?: string;
  /** The last try to send it to storage failed. */
  failed?: boolean;
};

/**
 * Photos of a memory before saving: existing ones (edit) can be removed, new ones added and
 * removed again. At most five in all; a file over 5 MB is skipped; only images are offered.
 */
export function PhotoPicker({
  existing,
  added,
  disabled,
  onRemoveExisting,
  onAdd,
  onRemoveAdded,
}: {
  existing: ExistingPhoto[];
  added: NewPhoto[];
  disabled?: boolean;
  onRemoveExisting: (id: string) => void;
  onAdd: (photos: NewPhoto[]) => void;
  onRemoveAdded: (key: string) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const count = existing.length + added.length;
  const full = count >= MAX_PHOTOS_PER_MEMORY;

  function choose(files: FileList | null) {
    const chosen = Array.from(files ?? []);
    if (input.current) input.current.value = "";
    if (chosen.length === 0) return;
    if (count + chosen.length > MAX_PHOTOS_PER_MEMORY) {
      toast.error(TOO_MANY_PHOTOS_TITLE, { description: TOO_MANY_PHOTOS });
      return;
    }
    const accepted: NewPhoto[] = [];
    for (const file of chosen) {
      if (file.type && !file.type.startsWith("image/")) {
        toast.error(NOT_AN_IMAGE_TITLE, { description: notAnImage(file.name) });
        continue;
      }
      if (file.size > MAX_PHOTO_BYTES) {
        toast.error(FILE_TOO_LARGE_TITLE, { description: fileTooLarge(file.name) });
        continue;
      }
      accepted.push({ key: `${file.name}-${file.size}-${crypto.randomUUID()}`, file, previewUrl: URL.createObjectURL(file), progress: null });
    }
    if (accepted.length) onAdd(accepted);
  }

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={`${id}-hint`}>
      <legend className="text-base font-medium">Photos</legend>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
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
            <li key={photo.key} className="relative">
              {/* eslint-disable-next-line @next/next/no-img-element -- local preview (blob: URL) */}
              <img
                src={photo.previewUrl}
                alt={`New photo ${photo.file.name}`}
                className={cn("aspect-[4/3] w-full rounded-lg border object-cover", photo.failed && "border-2 border-destructive")}
              />
              {photo.failed && (
                <p className="mt-1 text-sm font-medium text-destructive">
                  {photo.file.name} was not uploaded
                </p>
              )}
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
          onChange={(event) => choose(event.currentTarget.files)}
          aria-describedby={`${id}-hint`}
        />
        <label
          htmlFor={`${id}-input`}
          className={cn(
            buttonVariants({ variant: "outline" }),
            "cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
            (disabled || full) && "pointer-events-none opacity-60",
          )}
        >
          <ImagePlusIcon aria-hidden="true" />
          Add photos
        </label>
      </div>
    </fieldset>
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
