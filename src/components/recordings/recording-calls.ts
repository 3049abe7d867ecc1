import { apiRequest, type ApiResult } from "@/lib/api-client";
import type { RecordingDto } from "@/server/recordings/recording-dto";

// Where a recording is sent, read, written down and removed, for each thing told out loud: the
// author's memory, answer or answer to a follow-up question, or an answer through the weekly
// email's link (docs/api.md).

type RecordingAnswer = Promise<ApiResult<{ recording: RecordingDto }>>;

export type RecordingCalls = {
  /** The address a recording is PUT to (uploadRecording names it). */
  target: string;
  /** Reads the recording again, to see the words the engine wrote down; absent where the page cannot ask. */
  read?: () => RecordingAnswer;
  /** Saves the words the author typed; absent where the words are not theirs to type (the emailed link). */
  saveTranscript?: (transcript: string) => RecordingAnswer;
  remove: () => Promise<ApiResult<unknown>>;
  /** Runs before a recording is sent (saving what it goes with); answers why it cannot be sent, or null. */
  before?: () => Promise<string | null>;
};

function signedIn(base: string): RecordingCalls {
  return {
    target: `/api${base}`,
    read: () => apiRequest(base),
    saveTranscript: (transcript) => apiRequest(`${base}/transcript`, { method: "PUT", json: { transcript } }),
    remove: () => apiRequest(base, { method: "DELETE" }),
  };
}

export const memoryRecordingCalls = (memoryId: string) => signedIn(`/memories/${encodeURIComponent(memoryId)}/recording`);
export const answerRecordingCalls = (responseId: string) => signedIn(`/questionnaires/responses/${encodeURIComponent(responseId)}/recording`);
export const followUpRecordingCalls = (followUpId: string) => signedIn(`/follow-ups/${encodeURIComponent(followUpId)}/recording`);

/** The weekly email's link, with no session: it sends and removes the recording of the answer it gave. */
export const answerLinkRecordingCalls = (token: string): RecordingCalls => ({
  target: `/api/weekly-questions/answer/recording?token=${encodeURIComponent(token)}`,
  remove: () => apiRequest("/weekly-questions/answer/recording", { method: "DELETE", json: { token } }),
});
