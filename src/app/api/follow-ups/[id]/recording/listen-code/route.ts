// DELETE /api/follow-ups/{id}/recording/listen-code – the author who answered, or an admin of the
// family the question was asked in, stops the printed book's codes of the answer's recording
// (docs/decisions/043-listen-codes.md)
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute } from "@/server/platform/http/route";
import { stopFollowUpListenCode } from "@/server/recordings/listen-codes";

export const DELETE = authenticatedRoute<{ id: string }>(async ({ params, user }) =>
  ok({ recording: await stopFollowUpListenCode({ viewer: user, followUpId: params.id }) }),
);

export const { GET, HEAD, POST, PUT, PATCH, OPTIONS } = otherMethods("DELETE");
