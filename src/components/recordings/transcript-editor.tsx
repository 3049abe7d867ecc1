"use client";

import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { MAX_TRANSCRIPT_CHARACTERS } from "@/lib/constants";
import type { RecordingDto } from "@/server/recordings/recording-dto";
import type { RecordingCalls } from "./recording-calls";

/** How often a page waiting for the engine asks whether the words are written down. */
const WAITING_POLL_MS = 10_000;

const HINTS: Record<RecordingDto["transcript_status"] | "engine" | "author", string> = {
  waiting: "Family Book is writing down the words of your recording. They appear here in a few minutes, or you can type them yourself.",
  failed: "The words of this recording could not be written down. You can type them here.",
  none: "Type the words of your recording, so your family can read them too and find the story by them.",
  ready: "The words of your recording.",
  engine: "Written down by Family Book from your recording. Correct anything it misheard.",
  author: "The words of your recording, as you wrote them.",
};

/**
 * The words of a recording, under it where its author changes it (docs/product.md §2 "Told out
 * loud"): the engine's transcript for the author to correct, or a place to type one. Saved at once,
 * apart from any form; the author's words are never overwritten by the engine.
 */
export function TranscriptEditor({
  read,
  save: saveTranscript,
  recording,
  onChange,
}: {
  read?: RecordingCalls["read"];
  save: NonNullable<RecordingCalls["saveTranscript"]>;
  recording: RecordingDto;
  onChange: (recording: RecordingDto) => void;
}) {
  const id = useId();
  const [text, setText] = useState(recording.transcript ?? "");
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();

  // Waiting for the engine, and nothing typed meanwhile: the words are shown when they arrive.
  useEffect(() => {
    if (recording.transcript_status !== "waiting" || touched || !read) return;
    const timer = window.setInterval(async () => {
      const result = await read();
      if (!result.ok || result.data.recording.id !== recording.id || result.data.recording.transcript_status === "waiting") return;
      onChange(result.data.recording);
      setText(result.data.recording.transcript ?? "");
    }, WAITING_POLL_MS);
    return () => window.clearInterval(timer);
  }, [read, recording.id, recording.transcript_status, touched, onChange]);

  async function save() {
    setProblem(undefined);
    if (text.length > MAX_TRANSCRIPT_CHARACTERS) {
      setProblem(`A transcript can be at most ${MAX_TRANSCRIPT_CHARACTERS.toLocaleString("en-US")} characters.`);
      return;
    }
    setSaving(true);
    const result = await saveTranscript(text);
    setSaving(false);
    if (!result.ok) {
      setProblem(result.error);
      toast.error("Transcript not saved", { description: result.error });
      return;
    }
    onChange(result.data.recording);
    setText(result.data.recording.transcript ?? "");
    setTouched(false);
    toast.success(result.data.recording.transcript ? "Transcript saved" : "Transcript cleared", {
      description: result.data.recording.transcript ? "Your family can read the words beside the recording." : undefined,
    });
  }

  const hint = recording.transcript_status === "ready" ? HINTS[recording.transcript_by ?? "ready"] : HINTS[recording.transcript_status];
  return (
    <div className="flex flex-col gap-3">
      <FormField id={`${id}-transcript`} label="What was said" hint={hint} error={problem}>
        {(control) => (
          <Textarea
            {...control}
            rows={6}
            value={text}
            disabled={saving}
            onChange={(event) => {
              setText(event.target.value);
              setTouched(true);
            }}
          />
        )}
      </FormField>
      <div>
        <Button type="button" variant="outline" disabled={saving || !touched} onClick={() => void save()}>
          {saving ? "Saving..." : "Save transcript"}
        </Button>
      </div>
    </div>
  );
}
