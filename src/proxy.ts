import { NextResponse, type NextRequest } from "next/server";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import { INVITE_COOKIE, INVITE_LIFETIME_SECONDS } from "@/server/auth/session-cookies";
import { contentSecurityPolicy, securityHeaders, storageOriginFrom } from "@/server/security/security-headers";

// Runs before every page and API request: a fresh CSP nonce and the security headers, and an
// invite link's family remembered for the visitor (SPEC §2: "A query parameter familyId on
// any page marks an invite link"). Authorisation is not decided here but in each page and route.

export function proxy(request: NextRequest) {
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

  const familyId = request.nextUrl.searchParams.get("familyId");
  if (familyId && UUID_PATTERN.test(familyId)) {
    response.cookies.set(INVITE_COOKIE, familyId, {
      httpOnly: true,
      sameSite: "lax",
      secure: (request.headers.get("x-forwarded-proto") ?? request.nextUrl.protocol.replace(":", "")) === "https",
      path: "/",
      maxAge: INVITE_LIFETIME_SECONDS,
    });
  }
  return response;
}

export const config = {
  matcher: [{ source: "/((?!api/|_next/static|_next/image|icon.svg|favicon.ico).*)" }],
};
