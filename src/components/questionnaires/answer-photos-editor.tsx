"use client";

import { RotateCcwIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { PhotoPicker, type NewPhoto } from "@/components/memories/photo-picker";
import { Button } from "@/components/ui/button";
import type { ApiResult } from "@/lib/api-client";
import { MAX_PHOTOS_PER_ANSWER } from "@/lib/schemas/questionnaires";
import type { AnswerPhotoDto } from "@/server/questions/questionnaires/answer-photos";

type PhotosAnswer = Promise<ApiResult<{ photos: AnswerPhotoDto[] }>>;

export const TOO_MANY_ANSWER_PHOTOS_CHOSEN = `You can only upload up to ${MAX_PHOTOS_PER_ANSWER} photos per answer.`;

/**
 * The photos of an answer, added and removed in place (docs/product.md §5, §13): chosen photos are
 * checked and, if need be, made smaller in the browser as a memory's are, then saved at once. A
 * save that fails keeps them on the screen with why, and "Try again" sends them again. `add` and
 * `remove` are the author's own calls, or the answered question's emailed link.
 */
export function AnswerPhotosEditor({
  photos: initial,
  add,
  remove,
  onChange,
}: {
  photos: AnswerPhotoDto[];
  add: (form: FormData) => PhotosAnswer;
  remove: (photoId: string) => PhotosAnswer;
  onChange?: (photos: AnswerPhotoDto[]) => void;
}) {
  const [photos, setPhotos] = useState(initial);
  const [waiting, setWaiting] = useState<NewPhoto[]>([]);
  const [busy, setBusy] = useState(false);

  function saved(next: AnswerPhotoDto[]) {
    setPhotos(next);
    onChange?.(next);
  }

  async function send(chosen: NewPhoto[]) {
    setWaiting(chosen.map((photo) => ({ ...photo, problem: undefined, progress: null })));
    setBusy(true);
    const form = new FormData();
    for (const photo of chosen) form.append("photos", photo.file, photo.file.name);
    const result = await add(form);
    setBusy(false);
    if (!result.ok) {
      setWaiting(chosen.map((photo) => ({ ...photo, problem: result.error })));
      toast.error("Photos not saved", { description: result.error });
      return;
    }
    for (const photo of chosen) URL.revokeObjectURL(photo.previewUrl);
    setWaiting([]);
    saved(result.data.photos);
    toast.success(chosen.length === 1 ? "Photo added" : `${chosen.length} photos added`, { description: "They are saved with your answer." });
  }

  async function removeSaved(photoId: string) {
    setBusy(true);
    const result = await remove(photoId);
    setBusy(false);
    if (!result.ok) {
      toast.error("Photo not removed", { description: result.error });
      return;
    }
    saved(result.data.photos);
    toast.success("Photo removed");
  }

  function forget(key: string) {
    const left = waiting.filter((photo) => photo.key !== key);
    for (const photo of waiting) if (photo.key === key) URL.revokeObjectURL(photo.previewUrl);
    setWaiting(left);
  }

  return (
    <div className="flex flex-col gap-3">
      <PhotoPicker
        existing={photos}
        added={waiting}
        disabled={busy}
        tooMany={TOO_MANY_ANSWER_PHOTOS_CHOSEN}
        onRemoveExisting={removeSaved}
        onAdd={(chosen) => send([...waiting, ...chosen])}
        onRemoveAdded={forget}
      />
      <p role="status" className={busy ? "font-medium" : "sr-only"}>
        {busy ? "Saving photos..." : ""}
      </p>
      {!busy && waiting.length > 0 && (
        <Button type="button" variant="outline" className="self-start" onClick={() => send(waiting)}>
          <RotateCcwIcon aria-hidden="true" />
          Try again
        </Button>
      )}
    </div>
  );
}
