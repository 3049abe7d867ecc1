// GET|POST /api/auth/{signin,callback,csrf,...} – the Google OAuth exchange, handled by Auth.js
import { NextRequest } from "next/server";
import { googleHandlers } from "@/server/accounts/auth/google-provider";
import { otherMethods } from "@/server/platform/http/methods";
import { BODY_CAPS, readBodyCapped } from "@/server/platform/http/read-body";
import { requestOrigin } from "@/server/platform/http/request-info";
import { toErrorResponse } from "@/server/platform/http/to-error-response";

/**
 * Auth.js builds its links (Google's redirect back to us) from the request's host: it is given
 * our public origin, never a forwarded host we do not trust (docs/decisions/009-client-addresses.md),
 * and a bounded body.
 */
async function withTrustedOrigin(request: Request) {
  const url = new URL(request.url);
  const target = new URL(`${url.pathname}${url.search}`, requestOrigin(request));
  const headers = new Headers(request.headers);
  headers.set("host", target.host);
  headers.set("x-forwarded-host", target.host);
  headers.set("x-forwarded-proto", target.protocol.replace(":", ""));
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : new Uint8Array(await readBodyCapped(request, BODY_CAPS.credentials));
  return new NextRequest(target, { method: request.method, headers, body });
}

export async function GET(request: Request) {
  try {
    return await googleHandlers.GET(await withTrustedOrigin(request));
  } catch (error) {
    return toErrorResponse(error);
  }
}

export async function POST(request: Request) {
  try {
    return await googleHandlers.POST(await withTrustedOrigin(request));
  } catch (error) {
    return toErrorResponse(error);
  }
}

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
