// GET /api/auth/google/complete – turn the identity Google verified into a Family Book session
import { NextResponse } from "next/server";
import { googleIdentity } from "@/server/auth/google-provider";
import { signInWithGoogle } from "@/server/auth/google-sign-in";
import { clearCookieHeader, INVITE_COOKIE, readCookie, sessionCookieHeader, SIGNED_OUT_COOKIE } from "@/server/auth/session-cookies";
import { otherMethods } from "@/server/http/methods";
import { cameOverHttps, requestOrigin } from "@/server/http/request-info";

const AUTH_JS_COOKIES = ["authjs.session-token", "__Secure-authjs.session-token", "authjs.callback-url", "__Secure-authjs.callback-url"];

export async function GET(request: Request) {
  const origin = requestOrigin(request);
  const session = (await googleIdentity()) as { user?: { email?: string | null }; given_name?: string | null; family_name?: string | null } | null;
  if (!session?.user?.email) return NextResponse.redirect(new URL("/register?tab=login", origin));

  const context = { secure: cameOverHttps(request) };
  try {
    const { token, expiresAt } = await signInWithGoogle({
      identity: { email: session.user.email, firstName: session.given_name, lastName: session.family_name },
      inviteFamilyId: readCookie(request.headers.get("cookie"), INVITE_COOKIE),
      userAgent: request.headers.get("user-agent"),
    });
    const response = NextResponse.redirect(new URL("/family-dashboard", origin));
    response.headers.append("Set-Cookie", sessionCookieHeader(token, expiresAt, context));
    for (const name of [SIGNED_OUT_COOKIE, INVITE_COOKIE, ...AUTH_JS_COOKIES]) response.headers.append("Set-Cookie", clearCookieHeader(name, context));
    return response;
  } catch {
    return NextResponse.redirect(new URL("/register?tab=register", origin));
  }
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
