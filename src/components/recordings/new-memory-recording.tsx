"use client";

import { FileAudioIcon, XIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { MAX_RECORDING_SECONDS } from "@/lib/constants";
import { formatFileSize } from "@/lib/file-size";
import { RECORDING_FORMATS } from "@/lib/schemas/recordings";
import { RecordingFileButton } from "./recording-file-button";
import { VoiceRecorder, type HeldTake } from "./voice-recorder";

/** Where a take for a memory not saved yet is kept on the device. */
export const NEW_MEMORY_PLACE = "memory:new";

/** What a new memory's form sends once the memory is saved: a take recorded here, or a file chosen. */
export type NewRecording = { take: HeldTake | null; file: File | null };

/**
 * "Told out loud" on Add a New Memory (docs/product.md §2): record the story or choose a recording
 * file; either is held and sent once the memory is saved, and a take stays kept on the device
 * until the server has it.
 */
export function NewMemoryRecording({
  viewerId,
  title,
  value,
  onChange,
  onBusyChange,
  disabled,
}: {
  viewerId: string;
  title: string;
  value: NewRecording;
  onChange: (change: Partial<NewRecording>) => void;
  /** Hears whether a take is being made: the memory waits for it to be finished. */
  onBusyChange: (busy: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const [recording, setRecording] = useState(false);
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={`${id}-hint`}>
      <legend className="text-base font-medium">Told out loud</legend>
      <p id={`${id}-hint`} className="text-base text-muted-foreground">
        Tell this story in your own voice too, if you like: press Record, or add a recording you have (an {RECORDING_FORMATS} file), up to{" "}
        {MAX_RECORDING_SECONDS / 60} minutes.
      </p>
      {!value.file && (
        <VoiceRecorder
          owner={viewerId}
          place={NEW_MEMORY_PLACE}
          title={title}
          disabled={disabled}
          onTakeChange={(take) => onChange({ take })}
          onBusyChange={(busy) => {
            setRecording(busy);
            onBusyChange(busy);
          }}
        />
      )}
      {!value.take &&
        !recording &&
        (value.file ? (
          <p className="flex flex-wrap items-center gap-3 text-base">
            <FileAudioIcon aria-hidden="true" className="size-5" />
            <span className="break-all">
              {value.file.name} · {formatFileSize(value.file.size)}
            </span>
            <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={() => onChange({ file: null })}>
              <XIcon aria-hidden="true" />
              Remove<span className="sr-only"> {value.file.name}</span>
            </Button>
          </p>
        ) : (
          <RecordingFileButton label="Add a recording" disabled={disabled} describedBy={`${id}-hint`} onFile={(file) => onChange({ file })} />
        ))}
    </fieldset>
  );
}
