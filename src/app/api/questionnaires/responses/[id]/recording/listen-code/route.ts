// DELETE /api/questionnaires/responses/{id}/recording/listen-code – the author, or an admin of the
// answer's family, stops the printed book's codes of its recording (docs/decisions/043-listen-codes.md)
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";
import { stopAnswerListenCode } from "@/server/recordings/listen-codes";

export const DELETE = authenticatedRoute<{ id: string }>(async ({ params, user }) =>
  ok({ recording: await stopAnswerListenCode({ viewer: user, responseId: params.id }) }),
);

export const { GET, HEAD, POST, PUT, PATCH, OPTIONS } = otherMethods("DELETE");
