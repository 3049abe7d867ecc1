import "server-only";
import { readJson } from "@/server/platform/http/route";

/** The toggles take { is_shared } or nothing at all (then the state flips). */
export async function readOptionalJson(request: Request): Promise<unknown> {
  const length = request.headers.get("content-length");
  if (!request.body || length === "0" || !request.headers.get("content-type")) return {};
  return readJson(request);
}
