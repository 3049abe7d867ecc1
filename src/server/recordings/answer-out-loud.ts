import "server-only";
import { randomUUID } from "node:crypto";
import { getDb } from "@/server/platform/db/client";
import { AppError } from "@/server/platform/http/app-error";
import { getStorage } from "@/server/platform/storage";
import { deleteObjects } from "@/server/platform/storage/stored-objects";
import { answerWeeklyQuestion, LINK_FOR_SOMEONE_ELSE, linkToTell } from "@/server/questions/weekly-questions/answer-weekly-question";
import { saveAnswerRecording } from "./answer-recording";
import type { RecordingDto } from "./recording-dto";
import { recordingBytes } from "./recording-uploads";
import { newRecordingColumns, recordingRowSelect, RECORDINGS_PREFIX, sendOnward, signedRecordingDto } from "./recordings";
import { storeRecording } from "./store-recording";

// The weekly question told out loud through its emailed link (docs/product.md §13): someone who
// would rather talk than type answers with the recording alone. A question still open becomes an
// answer with no written words whose recording is the answer, saved as an answer typed there is
// (one answer per link, in one transaction); a question already answered gets the recording beside
// its words, or in place of the one it had.

export type ToldAnswer = {
  /** The answer the recording made, when it answered the question; null when it joined one already there. */
  answer: { response_id: string; submission_id: string; is_shared: boolean } | null;
  recording: RecordingDto;
};

export async function tellWeeklyAnswer({
  token,
  fileName,
  request,
  signedInAs,
  isShared,
}: {
  token: string;
  fileName: string;
  request: Request;
  signedInAs: string | null;
  /** The storyteller's choice for a new answer; without it, what the weekly questions were set up to do. */
  isShared?: boolean;
}): Promise<ToldAnswer> {
  const { responseId, storytellerId } = await linkToTell(token);
  if (responseId) return { answer: null, recording: await saveAnswerRecording({ responseId, fileName, request }) };
  // Refused before minutes of sound are read: the link is for someone else's question.
  if (signedInAs && signedInAs !== storytellerId) throw new AppError("FORBIDDEN", LINK_FOR_SOMEONE_ELSE);

  // Stored under the new answer's id first, then saved with it; refused, nothing is left behind.
  const storage = getStorage();
  const newResponseId = randomUUID();
  const key = `${RECORDINGS_PREFIX}${newResponseId}/${randomUUID()}`;
  const bytes = await recordingBytes({ request, uploaderId: storytellerId, fileName });
  const facts = await storeRecording({ storage, key, chunks: bytes.chunks, fileName }).finally(bytes.settle);
  let answer: NonNullable<ToldAnswer["answer"]>;
  try {
    ({ answer } = await answerWeeklyQuestion({
      input: { token, answer_text: "", is_shared: isShared },
      signedInAs,
      photos: { responseId: newResponseId, photos: [], recording: { original_key: key, file_name: fileName, ...newRecordingColumns(facts) } },
    }));
  } catch (error) {
    await deleteObjects(storage, [key]);
    throw error;
  }
  const prisma = await getDb();
  const row = await prisma.recording.findUniqueOrThrow({ where: { response_id: answer.response_id }, select: recordingRowSelect });
  return { answer, recording: await signedRecordingDto(await sendOnward(row)) };
}
