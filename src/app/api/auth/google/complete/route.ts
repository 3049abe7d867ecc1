// GET  /api/auth/google/complete – turn the identity Google verified into a Family Book session,
//      or, for a new address that arrived through an invite, ask first (/register/google)
// POST /api/auth/google/complete – the answer from /register/google: join the invite shown, or start a family
import { NextResponse } from "next/server";
import { safeNextPath } from "@/lib/next-path";
import { familyChoiceSchema, INVALID_INVITE } from "@/lib/schemas/invites";
import { googleIdentity } from "@/server/accounts/auth/google-provider";
import { signInWithGoogle, type FamilyChoice, type GoogleIdentity } from "@/server/accounts/auth/google-sign-in";
import { clearCookieHeader, INVITE_COOKIE, readCookie, sessionCookieHeader, SIGNED_OUT_COOKIE } from "@/server/accounts/auth/session-cookies";
import { AppError } from "@/server/platform/http/app-error";
import { otherMethods } from "@/server/platform/http/methods";
import { BODY_CAPS, readBodyCapped } from "@/server/platform/http/read-body";
import { cameOverHttps, requestOrigin } from "@/server/platform/http/request-info";
import { assertSameSite } from "@/server/platform/http/route";
import { toErrorResponse } from "@/server/platform/http/to-error-response";

const AUTH_JS_COOKIES = ["authjs.session-token", "__Secure-authjs.session-token", "authjs.callback-url", "__Secure-authjs.callback-url"];
const CHOOSE_FAMILY_PAGE = "/register/google";

async function verifiedIdentity(): Promise<GoogleIdentity | null> {
  const session = (await googleIdentity()) as { user?: { email?: string | null }; given_name?: string | null; family_name?: string | null } | null;
  if (!session?.user?.email) return null;
  return { email: session.user.email, firstName: session.given_name, lastName: session.family_name };
}

// A redirect that turns the browser's POST into a GET.
const seeOther = (path: string, origin: string) => NextResponse.redirect(new URL(path, origin), 303);

async function complete(request: Request, choice?: FamilyChoice) {
  const origin = requestOrigin(request);
  const identity = await verifiedIdentity();
  if (!identity) return seeOther("/register?tab=login", origin);

  const result = await signInWithGoogle({
    identity,
    rememberedInvite: readCookie(request.headers.get("cookie"), INVITE_COOKIE),
    choice,
    origin,
    userAgent: request.headers.get("user-agent"),
  });
  if (result.status === "choose-family") return seeOther(CHOOSE_FAMILY_PAGE, origin);

  const context = { secure: cameOverHttps(request) };
  // Back to the page that asked for the sign-in, when it is a path of this site (decision 018).
  const response = seeOther(safeNextPath(new URL(request.url).searchParams.get("next")) ?? "/family-dashboard", origin);
  response.headers.append("Set-Cookie", sessionCookieHeader(result.token, result.expiresAt, context));
  for (const name of [SIGNED_OUT_COOKIE, INVITE_COOKIE, ...AUTH_JS_COOKIES]) response.headers.append("Set-Cookie", clearCookieHeader(name, context));
  return response;
}

export async function GET(request: Request) {
  try {
    return await complete(request);
  } catch {
    return seeOther("/register?tab=register", requestOrigin(request));
  }
}

export async function POST(request: Request) {
  let choice: FamilyChoice;
  try {
    assertSameSite(request);
    const form = new URLSearchParams((await readBodyCapped(request, BODY_CAPS.credentials)).toString("utf8"));
    const parsed = familyChoiceSchema.parse(Object.fromEntries(form));
    choice = parsed.choice === "join" ? { join: parsed.invite } : "own-family";
  } catch (error) {
    return toErrorResponse(error);
  }
  try {
    return await complete(request, choice);
  } catch (error) {
    // The invite was replaced, closed or expired while the person was deciding: the page says so.
    if (error instanceof AppError && error.message === INVALID_INVITE) return seeOther(CHOOSE_FAMILY_PAGE, requestOrigin(request));
    return seeOther("/register?tab=register", requestOrigin(request));
  }
}

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
