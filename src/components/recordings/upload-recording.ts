import { NETWORK_ERROR } from "@/lib/api-client";
import { MAX_RECORDING_BYTES } from "@/lib/constants";
import { recordingTooLarge } from "@/lib/schemas/recordings";
import type { RecordingDto } from "@/server/recordings/recording-dto";

// Sends a recording to the memory or answer it tells, as the body of one PUT, with progress: the
// server checks it by its bytes and answers what it kept (docs/api.md, "A memory told out loud").

/** The file types a recording is chosen from; the server checks the bytes whatever the name says. */
export const RECORDING_ACCEPT = "audio/*,.m4a,.mp3,.wav,.ogg,.oga,.opus,.webm,.flac";

export type RecordingUpload = { ok: true; recording: RecordingDto } | { ok: false; status: number; error: string };

/**
 * Sends `file` to `target`, the recording's address (…/recording, with a query of its own or not),
 * naming it there.
 */
export function uploadRecording(target: string, file: Blob & { name: string }, onProgress: (fraction: number) => void): Promise<RecordingUpload> {
  // A file the server would refuse for its size is refused here, before minutes of uploading.
  if (file.size > MAX_RECORDING_BYTES) return Promise.resolve({ ok: false, status: 413, error: recordingTooLarge(file.name) });
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("PUT", `${target}${target.includes("?") ? "&" : "?"}name=${encodeURIComponent(file.name)}`);
    request.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let envelope: { success?: boolean; data?: { recording: RecordingDto }; error?: string | null } | null = null;
      try {
        envelope = JSON.parse(request.responseText);
      } catch {
        // Not Family Book's answer (a proxy's error page): the status says what happened.
      }
      if (request.status >= 200 && request.status < 300 && envelope?.data) return resolve({ ok: true, recording: envelope.data.recording });
      resolve({ ok: false, status: request.status, error: envelope?.error || `HTTP error! status: ${request.status}` });
    };
    request.onerror = () => resolve({ ok: false, status: 0, error: NETWORK_ERROR });
    request.onabort = request.onerror;
    request.send(file);
  });
}
