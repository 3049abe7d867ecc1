import "server-only";
import { answerLinkTokenSchema } from "@/lib/schemas/weekly-questions";
import { AppError } from "@/server/platform/http/app-error";
import type { PublicRequest } from "@/server/platform/http/route";
import { linkToTell } from "@/server/questions/weekly-questions/answer-weekly-question";

/**
 * Who sends a recording in parts: the weekly question's emailed link (`?token=`) stands for its
 * storyteller, as it does for the recording itself (which may be the whole answer); otherwise the signed-in person.
 */
export async function recordingUploader({ request, session }: Pick<PublicRequest<unknown>, "request" | "session">): Promise<string> {
  const token = new URL(request.url).searchParams.get("token");
  if (token !== null) {
    return (await linkToTell(answerLinkTokenSchema.parse({ token }).token)).storytellerId;
  }
  if (session) return session.user.id;
  throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
}
