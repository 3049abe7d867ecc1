import "server-only";
import { answerLinkTokenSchema } from "@/lib/schemas/weekly-questions";
import { getDb } from "@/server/platform/db/client";
import { AppError } from "@/server/platform/http/app-error";
import type { PublicRequest } from "@/server/platform/http/route";
import { answerOfLink } from "@/server/questions/weekly-questions/answer-weekly-question";

/**
 * Who sends a recording in parts: the weekly question's emailed link (`?token=`) stands for the
 * author of the answer it gave, as it does for the recording itself; otherwise the signed-in person.
 */
export async function recordingUploader({ request, session }: Pick<PublicRequest<unknown>, "request" | "session">): Promise<string> {
  const token = new URL(request.url).searchParams.get("token");
  if (token !== null) {
    const responseId = await answerOfLink(answerLinkTokenSchema.parse({ token }).token);
    const prisma = await getDb();
    const answer = await prisma.response.findUniqueOrThrow({ where: { id: responseId }, select: { submission: { select: { user_id: true } } } });
    if (answer.submission.user_id) return answer.submission.user_id;
  }
  if (session) return session.user.id;
  throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
}
