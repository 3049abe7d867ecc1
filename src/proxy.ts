import { NextResponse, type NextRequest } from "next/server";
import { looksLikeInviteCode } from "@/lib/schemas/invites";
import { INVITE_COOKIE, INVITE_LIFETIME_SECONDS } from "@/server/accounts/auth/session-cookies";
import { findOpenInvite } from "@/server/family/invite-links/find-open-invite";
import { cameOverHttps } from "@/server/platform/http/request-info";
import { contentSecurityPolicy, securityHeaders, storageOriginFrom } from "@/server/platform/security/security-headers";

// Runs before every page request: a fresh CSP nonce and the security headers, and an invite
// link remembered for the visitor (docs/product.md: a familyId query parameter on any page marks
// an invite link). Only an invite that can still be used is remembered, and remembering applies
// nothing: the register page and the Google confirmation show whose family it is and let the
// person decline (docs/decisions/008-invites.md). Authorisation is decided in each page and route.

export async function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const policy = contentSecurityPolicy({
    nonce,
    development: process.env.NODE_ENV === "development",
    storageOrigin: storageOriginFrom(process.env.S3_ENDPOINT, process.env.S3_BUCKET, process.env.S3_REGION),
  });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });

  response.headers.set("Content-Security-Policy", policy);
  for (const [name, value] of Object.entries(securityHeaders({ production: process.env.NODE_ENV === "production" }))) {
    response.headers.set(name, value);
  }

  const code = request.nextUrl.searchParams.get("familyId");
  if (looksLikeInviteCode(code) && (await stillOpen(code))) {
    response.cookies.set(INVITE_COOKIE, code, {
      httpOnly: true,
      sameSite: "lax",
      secure: cameOverHttps(request),
      path: "/",
      maxAge: INVITE_LIFETIME_SECONDS,
    });
  }
  return response;
}

async function stillOpen(code: string) {
  try {
    return (await findOpenInvite(code)) !== null;
  } catch {
    // The database is unreachable: remember nothing rather than fail the page.
    return false;
  }
}

export const config = {
  matcher: [{ source: "/((?!api/|_next/static|_next/image|icon.svg|favicon.ico).*)" }],
};
