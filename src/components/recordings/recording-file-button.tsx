"use client";

import { FileAudioIcon } from "lucide-react";
import { useId } from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import { cn } from "@/lib/cn";
import { RECORDING_ACCEPT } from "./upload-recording";

/** "Add a recording" (or "Replace recording"): chooses one sound file, which the server checks by its bytes. */
export function RecordingFileButton({
  label,
  disabled,
  describedBy,
  onFile,
}: {
  label: string;
  disabled?: boolean;
  describedBy: string;
  onFile: (file: File) => void;
}) {
  const id = useId();
  return (
    <div>
      <input
        id={id}
        type="file"
        accept={RECORDING_ACCEPT}
        className="peer sr-only"
        disabled={disabled}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // The same file may be chosen again after a refusal.
          event.currentTarget.value = "";
          if (file) onFile(file);
        }}
        aria-describedby={describedBy}
      />
      <label
        htmlFor={id}
        className={cn(
          buttonVariants({ variant: "outline" }),
          "cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
          disabled && "pointer-events-none opacity-60",
        )}
      >
        <FileAudioIcon aria-hidden="true" />
        {label}
      </label>
    </div>
  );
}
