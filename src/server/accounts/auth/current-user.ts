import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { signInHref } from "@/lib/next-path";
import { publicOriginFrom } from "@/server/platform/http/request-info";
import { INVITE_COOKIE, SESSION_COOKIE, SIGNED_OUT_COOKIE } from "./session-cookies";
import { findActiveSession, revokeSessionToken } from "./sessions";

/** The signed-in user for this page render, or null. Read once per request. */
export const getCurrentUser = cache(async () => {
  const jar = await cookies();
  const token = jar.get(SESSION_COOKIE)?.value;
  if (jar.get(SIGNED_OUT_COOKIE)) {
    // Signed out while Family Book could not be reached: the session ends now it is back.
    if (token) await revokeSessionToken(token);
    return null;
  }
  const session = await findActiveSession(token);
  return session?.user ?? null;
});

/**
 * For pages that only make sense signed in: anonymous visitors go to sign in, and come back to
 * `path` (the page's own) afterwards.
 */
export async function requireUserOrRedirect(path: string) {
  const user = await getCurrentUser();
  if (!user) redirect(signInHref(path));
  return user;
}

/** The family of the invite link this visitor arrived through, if any. */
export async function rememberedInvite() {
  return (await cookies()).get(INVITE_COOKIE)?.value;
}

/** The address people use to reach the app, for links they will share (invite links). */
export async function publicOrigin() {
  return publicOriginFrom(await headers());
}
