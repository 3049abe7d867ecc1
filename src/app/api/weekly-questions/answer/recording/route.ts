// PUT /api/weekly-questions/answer/recording?token=…&name=… – the emailed link tells the answer it
// gave out loud (the body is the recording itself); DELETE ({ "token": "…" }) removes it
import { answerLinkTokenSchema } from "@/lib/schemas/weekly-questions";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { publicRoute, readJson } from "@/server/platform/http/route";
import { answerOfLink } from "@/server/questions/weekly-questions/answer-weekly-question";
import { deleteAnswerRecording, saveAnswerRecording } from "@/server/recordings/answer-recording";
import { recordingFileName } from "@/server/recordings/memory-recording";

export const PUT = publicRoute(async ({ request }) => {
  const query = new URL(request.url).searchParams;
  const { token } = answerLinkTokenSchema.parse({ token: query.get("token") ?? undefined });
  const responseId = await answerOfLink(token);
  const fileName = recordingFileName.parse(query.get("name") ?? "");
  // The page of the link has no session: the recording is shown at short-lived signed addresses.
  return ok({ recording: await saveAnswerRecording({ responseId, fileName, request }) });
});

export const DELETE = publicRoute(async ({ request }) => {
  const { token } = answerLinkTokenSchema.parse(await readJson(request));
  const responseId = await answerOfLink(token);
  return ok({ recording: await deleteAnswerRecording({ responseId }) });
});

export const { GET, HEAD, POST, PATCH, OPTIONS } = otherMethods("PUT", "DELETE");
