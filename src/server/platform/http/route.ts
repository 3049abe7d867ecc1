import "server-only";
import { clearCookieHeader, readCookie, SESSION_COOKIE, SIGNED_OUT_COOKIE } from "@/server/accounts/auth/session-cookies";
import { findActiveSession, revokeSessionToken, type ActiveSession } from "@/server/accounts/auth/sessions";
import { AppError } from "./app-error";
import { JsonTooDeepError, MAX_JSON_DEPTH, parseBoundedJson } from "./bounded-json";
import { BODY_CAPS, readBodyCapped } from "./read-body";
import { cameOverHttps, isCrossSite, requestOrigin } from "./request-info";
import { toErrorResponse } from "./to-error-response";

// Every /api handler goes through here: resolve the session (bearer header or cookie), refuse
// the anonymous unless the route opts out, stop cross-site requests that ride on the cookie,
// and turn anything thrown into the { success, data, error } envelope.

type RouteContext<Params> = { params: Promise<Params> };

export type AuthenticatedRequest<Params> = {
  request: Request;
  params: Params;
  session: ActiveSession;
  user: ActiveSession["user"];
  via: "bearer" | "cookie";
};

export type PublicRequest<Params> = {
  request: Request;
  params: Params;
  session: ActiveSession | null;
  via: "bearer" | "cookie" | null;
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const NOT_SIGNED_IN = "Please sign in to continue.";
const CROSS_SITE = "This request did not come from Family Book. Please reload the page and try again.";

async function resolveSession(request: Request) {
  const authorization = request.headers.get("authorization");
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    return { session: match ? await findActiveSession(match[1]) : null, via: "bearer" as const, signedOutOffline: false };
  }
  const cookies = request.headers.get("cookie");
  const token = readCookie(cookies, SESSION_COOKIE);
  if (!token) return { session: null, via: null, signedOutOffline: false };
  if (readCookie(cookies, SIGNED_OUT_COOKIE)) {
    // The browser signed out while the server could not be reached: end that session now.
    await revokeSessionToken(token);
    return { session: null, via: null, signedOutOffline: true };
  }
  return { session: await findActiveSession(token), via: "cookie" as const, signedOutOffline: false };
}

/** Clears what a browser that signed out offline still carries, on whatever answer it gets. */
function forgetOfflineSignOut(request: Request, response: Response) {
  const context = { secure: cameOverHttps(request) };
  response.headers.append("Set-Cookie", clearCookieHeader(SESSION_COOKIE, context));
  response.headers.append("Set-Cookie", clearCookieHeader(SIGNED_OUT_COOKIE, context));
  return response;
}

/** Refuses a state change from another site. Bearer requests carry no ambient credentials. */
export function assertSameSite(request: Request) {
  if (!SAFE_METHODS.has(request.method) && isCrossSite(request, [requestOrigin(request)])) {
    throw new AppError("FORBIDDEN", CROSS_SITE);
  }
}

export function authenticatedRoute<Params = Record<string, never>>(handler: (context: AuthenticatedRequest<Params>) => Promise<Response>) {
  return async (request: Request, context?: RouteContext<Params>) => {
    try {
      const { session, via, signedOutOffline } = await resolveSession(request);
      if (!session || !via) {
        const refusal = toErrorResponse(new AppError("UNAUTHORIZED", NOT_SIGNED_IN));
        return signedOutOffline ? forgetOfflineSignOut(request, refusal) : refusal;
      }
      if (via === "cookie") assertSameSite(request);
      const params = ((await context?.params) ?? {}) as Params;
      return await handler({ request, params, session, user: session.user, via });
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}

export function publicRoute<Params = Record<string, never>>(
  handler: (context: PublicRequest<Params>) => Promise<Response>,
  /**
   * crossSite: for changes whose only permission is a signed token in the address (an unsubscribe
   * link a mail program posts to, RFC 8058), which a cookie adds nothing to.
   */
  { crossSite = false }: { crossSite?: boolean } = {},
) {
  return async (request: Request, context?: RouteContext<Params>) => {
    try {
      // Public state changes (sign-in, registration) set the session cookie: same-site only.
      if (!crossSite) assertSameSite(request);
      const { session, via, signedOutOffline } = await resolveSession(request);
      const params = ((await context?.params) ?? {}) as Params;
      const response = await handler({ request, params, session, via: session ? via : null });
      return signedOutOffline ? forgetOfflineSignOut(request, response) : response;
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}

export const JSON_TOO_DEEP = `The request body is nested more than ${MAX_JSON_DEPTH} levels deep, deeper than any request Family Book takes.`;

/**
 * Reads a JSON body of at most maxBytes (413 beyond that, docs/decisions/007-bounded-requests.md)
 * and nested at most MAX_JSON_DEPTH levels (400 beyond that, before it is parsed); a missing or
 * malformed one is a 400, not a 500.
 */
export async function readJson(request: Request, { maxBytes = BODY_CAPS.json }: { maxBytes?: number } = {}): Promise<unknown> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.includes("application/json")) {
    throw new AppError("BAD_REQUEST", "Send the request body as JSON (Content-Type: application/json).");
  }
  const body = await readBodyCapped(request, maxBytes);
  try {
    return parseBoundedJson(body.toString("utf8"));
  } catch (error) {
    if (error instanceof JsonTooDeepError) throw new AppError("BAD_REQUEST", JSON_TOO_DEEP);
    throw new AppError("BAD_REQUEST", "The request body is not valid JSON.");
  }
}
