// PUT /api/weekly-questions/answer/recording?token=…&name=…[&shared=true|false] – the emailed link tells
// its question out loud (the body is the recording itself): beside the answer it gave, or, while the
// question is still open, as the whole answer; DELETE ({ "token": "…" }) removes it
import { answerLinkTokenSchema, tellByLinkSchema } from "@/lib/schemas/weekly-questions";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { publicRoute, readJson } from "@/server/platform/http/route";
import { answerOfLink } from "@/server/questions/weekly-questions/answer-weekly-question";
import { tellWeeklyAnswer } from "@/server/recordings/answer-out-loud";
import { deleteAnswerRecording } from "@/server/recordings/answer-recording";
import { recordingFileName } from "@/server/recordings/memory-recording";

export const PUT = publicRoute(async ({ request, session }) => {
  const query = new URL(request.url).searchParams;
  const { token, shared } = tellByLinkSchema.parse({ token: query.get("token") ?? undefined, shared: query.get("shared") ?? undefined });
  const fileName = recordingFileName.parse(query.get("name") ?? "");
  // The page of the link has no session: the recording is shown at short-lived signed addresses.
  const told = await tellWeeklyAnswer({ token, fileName, request, signedInAs: session?.user.id ?? null, isShared: shared });
  return told.answer ? ok(told, { status: 201 }) : ok({ recording: told.recording });
});

export const DELETE = publicRoute(async ({ request }) => {
  const { token } = answerLinkTokenSchema.parse(await readJson(request));
  const responseId = await answerOfLink(token);
  return ok({ recording: await deleteAnswerRecording({ responseId }) });
});

export const { GET, HEAD, POST, PATCH, OPTIONS } = otherMethods("PUT", "DELETE");
