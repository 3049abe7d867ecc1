import "server-only";
import { z } from "zod";
import { userDtoSchema, type UserDto } from "@/server/accounts/users/user-dto";
import { ok } from "@/server/platform/http/envelope";
import { cameOverHttps } from "@/server/platform/http/request-info";
import { clearCookieHeader, INVITE_COOKIE, sessionCookieHeader, SIGNED_OUT_COOKIE } from "./session-cookies";

/** What sign-in, registration and refresh answer: the bearer token, its user and when it expires. */
export const signedInSchema = z.strictObject({
  token: z.string().meta({ description: "Send it as `Authorization: Bearer <token>`. Browsers get the same session as the httpOnly fb_session cookie." }),
  user: userDtoSchema,
  expires_at: z.iso.datetime(),
});

export type SignedIn = z.output<typeof signedInSchema>;

/** The answer to a successful sign-in: the token and user (docs/product.md §7) and the browser's cookie. */
export function signedInResponse(request: Request, { user, token, expiresAt }: { user: UserDto; token: string; expiresAt: Date }, status = 200) {
  const context = { secure: cameOverHttps(request) };
  const response = ok({ token, user, expires_at: expiresAt.toISOString() } satisfies SignedIn, { status });
  response.headers.append("Set-Cookie", sessionCookieHeader(token, expiresAt, context));
  response.headers.append("Set-Cookie", clearCookieHeader(SIGNED_OUT_COOKIE, context));
  response.headers.append("Set-Cookie", clearCookieHeader(INVITE_COOKIE, context));
  response.headers.set("Cache-Control", "no-store");
  return response;
}
