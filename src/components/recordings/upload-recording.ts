import { apiRequest, NETWORK_ERROR, type ApiResult } from "@/lib/api-client";
import { MAX_RECORDING_BYTES, RECORDING_PART_BYTES } from "@/lib/constants";
import { recordingTooLarge } from "@/lib/schemas/recordings";
import type { FollowUpDto } from "@/server/questions/follow-ups/follow-up-dto";
import type { RecordingDto } from "@/server/recordings/recording-dto";

// Sends a recording to what it tells, with progress: the server checks it by its bytes and answers
// what it kept (docs/api.md, "A memory told out loud"). A long one goes in parts that resume after
// a dropped connection, even after a reload (docs/decisions/044-recording-uploads-in-parts.md).

/** The file types a recording is chosen from; the server checks the bytes whatever the name says. */
export const RECORDING_ACCEPT = "audio/*,.m4a,.mp3,.wav,.ogg,.oga,.opus,.webm,.flac";

/** The answer a recording made when it answered a weekly question on its own (docs/product.md §13). */
export type ToldAnswerDto = { response_id: string; is_shared: boolean };

export type RecordingUpload =
  | {
      ok: true;
      recording: RecordingDto;
      /** A weekly question the recording answered on its own. */
      answer?: ToldAnswerDto;
      /** A "Tell us more" question the recording answered on its own (docs/product.md §22). */
      followUp?: FollowUpDto;
    }
  | { ok: false; status: number; error: string };

type NamedFile = Blob & { name: string };

/** The recording's address with more of a query: `?name=…`, and `&upload=…` for one sent in parts. */
const withQuery = (target: string, query: string) => `${target}${target.includes("?") ? "&" : "?"}${query}`;

/**
 * Sends `file` to `target`, the recording's address (…/recording, with a query of its own or not),
 * naming it there: as one request when it is one part or less, otherwise in parts that resume
 * (sendInParts).
 */
export function uploadRecording(target: string, file: NamedFile, onProgress: (fraction: number) => void): Promise<RecordingUpload> {
  // A file the server would refuse for its size is refused here, before minutes of uploading.
  if (file.size > MAX_RECORDING_BYTES) return Promise.resolve({ ok: false, status: 413, error: recordingTooLarge(file.name) });
  if (file.size > RECORDING_PART_BYTES) return sendInParts(target, file, onProgress);
  return sendWhole(withQuery(target, `name=${encodeURIComponent(file.name)}`), file, onProgress);
}

/** One PUT of the whole file (or of none, naming an upload in parts), with progress. */
function sendWhole(address: string, file: Blob | null, onProgress: (fraction: number) => void): Promise<RecordingUpload> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("PUT", address);
    request.setRequestHeader("Content-Type", file?.type || "application/octet-stream");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let envelope: { success?: boolean; data?: { recording: RecordingDto; answer?: ToldAnswerDto; follow_up?: FollowUpDto }; error?: string | null } | null =
        null;
      try {
        envelope = JSON.parse(request.responseText);
      } catch {
        // Not Family Book's answer (a proxy's error page): the status says what happened.
      }
      if (request.status >= 200 && request.status < 300 && envelope?.data) {
        const { recording, answer, follow_up: followUp } = envelope.data;
        return resolve({ ok: true, recording, ...(answer && { answer }), ...(followUp && { followUp }) });
      }
      resolve({ ok: false, status: request.status, error: envelope?.error || `HTTP error! status: ${request.status}` });
    };
    request.onerror = () => resolve({ ok: false, status: 0, error: NETWORK_ERROR });
    request.onabort = request.onerror;
    request.send(file);
  });
}

type UploadState = { id: string; byte_size: number; received: number; part_bytes: number };

/** How many failed tries in a row before giving up, and the longest wait between two. */
const TRIES = 8;
const LONGEST_WAIT_MS = 30_000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where the upload of this file to this address is remembered, so a reload goes on with it. */
const resumeKey = (target: string, file: NamedFile) => `family-book:recording-upload:${target}:${file.name}:${file.size}`;

function remembered(key: string) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function remember(key: string, id: string | null) {
  try {
    if (id) localStorage.setItem(key, id);
    else localStorage.removeItem(key);
  } catch {
    // Storage refused (private mode): the upload still resumes within this page.
  }
}

/**
 * Sends a long recording a part at a time. A part that fails — the connection dropped, the server
 * restarting — is followed by asking how far the upload got and going on from there, waiting 1, 2,
 * 4 … up to 30 seconds, for up to 8 tries in a row; then the recording's own address takes the
 * finished upload. A refusal (the upload gone, too many on their way) ends it with the server's words.
 */
async function sendInParts(target: string, file: NamedFile, onProgress: (fraction: number) => void): Promise<RecordingUpload> {
  // The weekly question's link stands in for a session, here as for the recording itself.
  const token = new URL(target, window.location.origin).searchParams.get("token");
  const link = token ? `token=${encodeURIComponent(token)}` : "";
  const uploads = (path: string, query = "") => `/recording-uploads${path}${[query, link].some(Boolean) ? `?${[query, link].filter(Boolean).join("&")}` : ""}`;
  const key = resumeKey(target, file);

  const earlier = remembered(key);
  const found = earlier ? await apiRequest<{ upload: UploadState }>(uploads(`/${encodeURIComponent(earlier)}`)) : null;
  let upload: UploadState;
  if (found?.ok && found.data.upload.byte_size === file.size) upload = found.data.upload;
  else {
    const opened = await apiRequest<{ upload: UploadState }>(uploads(""), { json: { name: file.name, byte_size: file.size } });
    if (!opened.ok) return { ok: false, status: opened.status, error: opened.error };
    upload = opened.data.upload;
    remember(key, upload.id);
  }

  let failures = 0;
  while (upload.received < upload.byte_size) {
    onProgress(upload.received / upload.byte_size);
    const part = file.slice(upload.received, upload.received + upload.part_bytes);
    const sent: ApiResult<{ upload: UploadState }> = await apiRequest<{ upload: UploadState }>(uploads(`/${upload.id}/parts`, `offset=${upload.received}`), {
      method: "PUT",
      bytes: part,
    });
    if (sent.ok) {
      upload = sent.data.upload;
      failures = 0;
      continue;
    }
    // Refused for good: the upload is gone, or the part was refused for what it is.
    if (sent.status === 404 || (sent.status >= 400 && sent.status < 500 && sent.status !== 409 && sent.status !== 429)) {
      if (sent.status === 404) remember(key, null);
      return { ok: false, status: sent.status, error: sent.error };
    }
    if (sent.status !== 409) {
      failures += 1;
      if (failures >= TRIES) return { ok: false, status: sent.status, error: sent.status === 0 ? NETWORK_ERROR : sent.error };
      await wait(Math.min(LONGEST_WAIT_MS, 1_000 * 2 ** (failures - 1)));
    }
    // Ask where it got to (a part may have arrived though its answer did not), and go on from there.
    const now: ApiResult<{ upload: UploadState }> = await apiRequest<{ upload: UploadState }>(uploads(`/${upload.id}`));
    if (now.ok) upload = now.data.upload;
    else if (now.status === 404) {
      remember(key, null);
      return { ok: false, status: 404, error: now.error };
    }
  }
  onProgress(1);
  const kept = await sendWhole(withQuery(target, `name=${encodeURIComponent(file.name)}&upload=${upload.id}`), null, () => {});
  // Kept, or refused for what it is: either way the upload is used up.
  if (kept.ok || kept.status !== 0) remember(key, null);
  return kept;
}
