// POST /api/inbound-email – a mail provider's inbound webhook: the raw reply to a weekly question (message/rfc822)
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { toErrorResponse } from "@/server/platform/http/to-error-response";
import { receiveInboundEmail } from "@/server/questions/weekly-email-replies/inbound-endpoint";

// No session and no cookie: the shared secret in the header is the whole permission, and the
// provider posts from its own servers (docs/decisions/022-answers-by-reply.md). A reply that was
// read but refused still answers 200, so the provider does not send it again.
export async function POST(request: Request) {
  try {
    return ok(await receiveInboundEmail(request));
  } catch (error) {
    return toErrorResponse(error);
  }
}

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
