"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import { handledByScripts } from "@/components/forms/handled-by-scripts";
import { registerShown } from "@/components/forms/register-shown";
import { keepDraft, SessionEndedError, takeDraft, type Kept } from "@/components/forms/signed-out-draft";
import { DraftRestoredNotice, SignedOutNotice } from "@/components/forms/signed-out-notice";
import { dropTake, moveTake } from "@/components/recordings/kept-takes";
import { NewMemoryRecording, type NewRecording } from "@/components/recordings/new-memory-recording";
import { memoryRecordingCalls } from "@/components/recordings/recording-calls";
import { uploadRecording } from "@/components/recordings/upload-recording";
import { asFile } from "@/components/recordings/voice-recorder";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { apiRequest } from "@/lib/api-client";
import { localToday, memoryFormSchema, UPLOAD_NOT_FOUND, type MemoryFormValues } from "@/lib/schemas/memories";
import type { MemoryDto } from "@/server/memories/memory-dto";
import { PhotoPicker, type NewPhoto } from "./photo-picker";
import { TagChecklist, type TaggableMember } from "./tag-checklist";
import { PhotoUploadError, uploadPhoto } from "./upload-photo";

type Props = {
  mode: "add" | "edit";
  memory?: MemoryDto;
  members: TaggableMember[] | null;
  viewerId: string;
  hasFamily: boolean;
};

const noSubscription = () => () => {};
const PHOTO_NOT_UPLOADED = "Photo not uploaded";
const PHOTO_NOT_ACCEPTED = "Photo not accepted";
export const FINISH_RECORDING_FIRST = "Press Finish to end your recording, then save the memory.";

/** The server refused a photo (too large, not a picture, too many pixels); its message names the file. */
class PhotoRefusedError extends Error {
  override name = "PhotoRefusedError";
}
/** What a memory form keeps when its save meets an ended session (docs/decisions/018-first-visit.md). */
type MemoryDraft = { values: MemoryFormValues; removedIds: string[]; removedTagIds?: string[]; photoNames: string[]; photos?: File[] };

const newPhoto = (file: File): NewPhoto => ({
  key: `${file.name}-${file.size}-${crypto.randomUUID()}`,
  file,
  previewUrl: URL.createObjectURL(file),
  progress: null,
});

const sameIds = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** The one memory form, for adding and for editing (docs/product.md §2 Add a New Memory, Edit Memory). */
export function MemoryForm({ mode, memory, members, viewerId, hasFamily }: Props) {
  const router = useRouter();
  const initial: MemoryFormValues = {
    title: memory?.title ?? "",
    memory_date: memory?.memory_date ?? "",
    content: memory?.content ?? "",
    is_shared: memory?.is_shared ?? false,
    taggedUserIds: memory?.memory_tags.flatMap((tag) => (tag.tagged_user_id ? [tag.tagged_user_id] : [])) ?? [],
  };
  const form = useForm<MemoryFormValues>({ resolver: zodResolver(memoryFormSchema), defaultValues: initial });
  const { errors } = form.formState;
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [removedIds, setRemovedIds] = useState<string[]>([]);
  const [removedTagIds, setRemovedTagIds] = useState<string[]>([]);
  const [added, setAdded] = useState<NewPhoto[]>([]);
  // A photo being made smaller is not in `added` yet: saving waits for it.
  const [preparingPhotos, setPreparingPhotos] = useState(false);
  // The picker's "today" is the device's own date, known only in the browser.
  const today = useSyncExternalStore(noSubscription, localToday, () => undefined);
  const previews = useRef(new Set<string>());
  const [signedOut, setSignedOut] = useState<{ kept: Kept; photosToChooseAgain: string[] } | null>(null);
  const [restored, setRestored] = useState<{ photosToChooseAgain: string[] } | null>(null);
  const draftKey = mode === "add" ? "memory:add" : `memory:edit:${memory?.id}`;
  const [newRecording, setNewRecording] = useState<NewRecording>({ take: null, file: null });
  const [recorderBusy, setRecorderBusy] = useState(false);
  const title = useWatch({ control: form.control, name: "title" });

  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  // A draft kept when the session ended comes back once its author has signed in again.
  const { reset } = form;
  useEffect(() => {
    let cancelled = false;
    void takeDraft<MemoryDraft>(draftKey, viewerId).then((draft) => {
      if (!draft || cancelled) return;
      reset(draft.values.values, { keepDefaultValues: true });
      setRemovedIds(draft.values.removedIds);
      setRemovedTagIds(draft.values.removedTagIds ?? []);
      const photos = draft.complete ? (draft.values.photos ?? []).map(newPhoto) : [];
      photos.forEach((photo) => previews.current.add(photo.previewUrl));
      setAdded(photos);
      setRestored({ photosToChooseAgain: draft.complete ? [] : draft.values.photoNames });
    });
    return () => {
      cancelled = true;
    };
  }, [draftKey, viewerId, reset]);

  async function keepForLater() {
    const values = form.getValues();
    const photoNames = added.map((photo) => photo.file.name);
    const kept = await keepDraft<MemoryDraft>(
      draftKey,
      viewerId,
      { values, removedIds, removedTagIds, photoNames, photos: added.map((photo) => photo.file) },
      { values, removedIds, removedTagIds, photoNames },
    );
    setSignedOut({ kept, photosToChooseAgain: kept === "all" ? [] : photoNames });
  }

  const existing = (memory?.memory_photos ?? []).filter((photo) => !removedIds.includes(photo.id));
  const formerTags = (memory?.memory_tags ?? []).flatMap((tag) => (tag.tagged_user_id ? [] : [{ id: tag.id, name: tag.profiles.first_name }]));

  function addPhotos(photos: NewPhoto[]) {
    photos.forEach((photo) => previews.current.add(photo.previewUrl));
    setAdded((current) => [...current, ...photos]);
  }

  function removeAdded(key: string) {
    setAdded((current) => {
      const photo = current.find((item) => item.key === key);
      if (photo) URL.revokeObjectURL(photo.previewUrl);
      return current.filter((item) => item.key !== key);
    });
  }

  const updatePhoto = (key: string, change: Partial<NewPhoto>) =>
    setAdded((current) => current.map((photo) => (photo.key === key ? { ...photo, ...change } : photo)));

  /**
   * Sends each new photo to storage, once: a photo already uploaded by an earlier try keeps its
   * upload. A failure marks that photo and names it; the rest of the form stays as it was.
   */
  async function uploadNewPhotos() {
    const uploadIds: string[] = [];
    for (const photo of added) {
      if (photo.uploadId) {
        uploadIds.push(photo.uploadId);
        continue;
      }
      updatePhoto(photo.key, { problem: undefined });
      try {
        const uploadId = await uploadPhoto(photo.file, (fraction) => updatePhoto(photo.key, { progress: fraction }));
        updatePhoto(photo.key, { uploadId });
        uploadIds.push(uploadId);
      } catch (error) {
        updatePhoto(photo.key, { problem: `${photo.file.name} was not uploaded` });
        throw error;
      }
    }
    return uploadIds;
  }

  /**
   * A new memory's recording, sent once the memory is saved; answers whether the server kept it.
   * When it did not, the memory still stands, and a take recorded here waits on the device for
   * the memory's Edit page (moved there before it is sent, so a closed tab loses it neither).
   */
  async function sendNewRecording(memoryId: string, memoryTitle: string) {
    const { take, file: chosen } = newRecording;
    const file = take ? asFile(take, memoryTitle) : chosen;
    if (!file) return true;
    if (take?.kept) await moveTake(take.id, `memory:${memoryId}`);
    const sent = await uploadRecording(memoryRecordingCalls(memoryId).target, file, () => {});
    if (sent.ok) {
      if (take) await dropTake(take.id);
      return true;
    }
    const next = !take ? "Please add it again here." : take.kept ? "It is kept on this device: you can save it again here." : "Please record it again here.";
    toast.error("Recording not saved", { description: `Your memory was saved, but its recording was not: ${sent.error} ${next}` });
    return false;
  }

  const submit = form.handleSubmit(async (values) => {
    if (preparingPhotos) return;
    if (recorderBusy) return setFormError(FINISH_RECORDING_FIRST);
    setSaving(true);
    setFormError(null);
    setSignedOut(null);
    try {
      const uploadIds = await uploadNewPhotos();

      const body = new FormData();
      if (mode === "add") {
        body.append("title", values.title);
        body.append("memory_date", values.memory_date);
        body.append("content", values.content);
        body.append("is_shared", String(values.is_shared));
        values.taggedUserIds.forEach((id) => body.append("taggedUserIds", id));
        uploadIds.forEach((id) => body.append("uploadIds", id));
      } else {
        // Only what changed is sent (docs/product.md §3 update payload).
        if (values.title !== initial.title) body.append("title", values.title);
        if (values.memory_date !== initial.memory_date) body.append("memory_date", values.memory_date);
        if (values.content !== initial.content) body.append("content", values.content);
        if (values.is_shared !== initial.is_shared) body.append("is_shared", String(values.is_shared));
        if (!sameIds(values.taggedUserIds, initial.taggedUserIds)) body.append("taggedUserIds", JSON.stringify(values.taggedUserIds));
        if (removedIds.length) body.append("photoIdsToDelete", JSON.stringify(removedIds));
        if (removedTagIds.length) body.append("tagIdsToDelete", JSON.stringify(removedTagIds));
        if (uploadIds.length) body.append("uploadIds", JSON.stringify(uploadIds));
      }

      const result = await apiRequest<{ memory: MemoryDto }>(mode === "add" ? "/memories" : `/memories/${memory!.id}`, {
        method: mode === "add" ? "POST" : "PUT",
        formData: body,
      });
      if (!result.ok && result.status === 401) throw new SessionEndedError(result.error);
      if (!result.ok) {
        // Unsaved uploads expire: when the server no longer has one, the next try sends those
        // photos afresh. Otherwise the uploads wait for the next try.
        if (result.error === UPLOAD_NOT_FOUND) setAdded((current) => current.map((photo) => ({ ...photo, uploadId: undefined })));
        if (result.fieldErrors?.photos?.length) {
          // The refusal names the file: that photo shows the reason, to be removed or replaced.
          setAdded((current) => current.map((photo) => (result.error.startsWith(`${photo.file.name} `) ? { ...photo, problem: result.error } : photo)));
          throw new PhotoRefusedError(result.error);
        }
        throw new Error(result.error);
      }
      const recordingKept = mode === "add" ? await sendNewRecording(result.data.memory.id, values.title) : true;
      if (mode === "add") toast.success("Memory created", { description: "Your memory has been saved successfully." });
      else toast.success("Memory updated", { description: "Your memory has been updated successfully." });
      // A recording that did not go with its new memory is tried again where the memory is edited.
      router.push(recordingKept ? "/memories" : `/memories/edit/${result.data.memory.id}`);
      router.refresh();
    } catch (error) {
      if (error instanceof SessionEndedError) {
        // Nothing is lost: the draft waits on this device for the member to sign in again.
        // A photo stopped by the ended session is not at fault: it is sent again after signing in.
        setAdded((current) => current.map((photo) => ({ ...photo, progress: null, uploadId: undefined, problem: undefined })));
        await keepForLater();
        setSaving(false);
        return;
      }
      const message = (error as Error).message;
      setFormError(message);
      setAdded((current) => current.map((photo) => ({ ...photo, progress: null })));
      if (error instanceof PhotoUploadError) toast.error(PHOTO_NOT_UPLOADED, { description: message });
      else if (error instanceof PhotoRefusedError) toast.error(PHOTO_NOT_ACCEPTED, { description: message });
      else if (mode === "add") toast.error("Error", { description: "Failed to save memory. Please try again." });
      else toast.error("Error", { description: `Failed to update memory: ${message || "Please try again."}` });
      setSaving(false);
    }
  });

  const idPrefix = mode === "add" ? "add-memory" : "edit-memory";

  return (
    <Card>
      <form {...handledByScripts} onSubmit={submit} noValidate className="flex flex-col gap-6" aria-label={mode === "add" ? "Add a new memory" : "Edit memory"}>
        {formError && (
          <Alert variant="destructive" role="alert">
            {formError}
          </Alert>
        )}
        {signedOut && <SignedOutNotice action="save your memory" kept={signedOut.kept} photosToChooseAgain={signedOut.photosToChooseAgain} />}
        {restored && !signedOut && (
          <DraftRestoredNotice save={mode === "add" ? "Save Memory" : "Save Changes"} photosToChooseAgain={restored.photosToChooseAgain} />
        )}
        <FormField id={`${idPrefix}-title`} label="Title" error={errors.title?.message} required>
          {(control) => <Input {...control} required maxLength={200} disabled={saving} {...registerShown(form, "title")} />}
        </FormField>
        <FormField id={`${idPrefix}-date`} label="Date of Memory" error={errors.memory_date?.message} required>
          {(control) => (
            <Input {...control} type="date" required max={today} disabled={saving} className="sm:max-w-xs" {...registerShown(form, "memory_date")} />
          )}
        </FormField>
        <FormField
          id={`${idPrefix}-content`}
          label="Memory"
          hint="Tell the story: who was there, what happened, how it felt."
          error={errors.content?.message}
          required
        >
          {(control) => <Textarea {...control} required rows={8} disabled={saving} {...registerShown(form, "content")} />}
        </FormField>
        <PhotoPicker
          existing={existing}
          added={added}
          disabled={saving}
          onRemoveExisting={(id) => setRemovedIds((current) => [...current, id])}
          onAdd={addPhotos}
          onRemoveAdded={removeAdded}
          onBusyChange={setPreparingPhotos}
        />
        {mode === "add" && (
          <NewMemoryRecording
            viewerId={viewerId}
            title={title}
            value={newRecording}
            onChange={(change) => setNewRecording((current) => ({ ...current, ...change }))}
            onBusyChange={(busy) => {
              setRecorderBusy(busy);
              // Once the take is finished, the reminder to finish it has done its work.
              if (!busy) setFormError((current) => (current === FINISH_RECORDING_FIRST ? null : current));
            }}
            disabled={saving}
          />
        )}
        <Controller
          control={form.control}
          name="taggedUserIds"
          render={({ field }) => (
            <TagChecklist
              members={members}
              viewerId={viewerId}
              hasFamily={hasFamily}
              value={field.value}
              onChange={field.onChange}
              disabled={saving}
              formerTags={formerTags}
              removedFormerTagIds={removedTagIds}
              onFormerTagChange={(id, kept) => setRemovedTagIds((current) => (kept ? current.filter((item) => item !== id) : [...current, id]))}
            />
          )}
        />
        <Controller
          control={form.control}
          name="is_shared"
          render={({ field }) => (
            <div className="flex items-start gap-3">
              <Switch
                id={`${idPrefix}-shared`}
                checked={field.value}
                onCheckedChange={field.onChange}
                disabled={saving}
                aria-describedby={`${idPrefix}-shared-hint`}
                className="mt-1"
              />
              <div className="flex flex-col gap-1">
                <Label htmlFor={`${idPrefix}-shared`}>Share with Family</Label>
                <p id={`${idPrefix}-shared-hint`} className="text-base text-muted-foreground">
                  Make this memory visible to your family members
                </p>
              </div>
            </div>
          )}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button type="submit" size="lg" disabled={saving || preparingPhotos}>
            {preparingPhotos
              ? "Preparing photos..."
              : mode === "add"
                ? saving
                  ? "Saving Memory..."
                  : "Save Memory"
                : saving
                  ? "Saving Changes..."
                  : "Save Changes"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
