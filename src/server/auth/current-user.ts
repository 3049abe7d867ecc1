import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getEnv } from "@/server/env";
import { INVITE_COOKIE, SESSION_COOKIE, SIGNED_OUT_COOKIE } from "./session-cookies";
import { findActiveSession } from "./sessions";

/** The signed-in user for this page render, or null. Read once per request. */
export const getCurrentUser = cache(async () => {
  const jar = await cookies();
  if (jar.get(SIGNED_OUT_COOKIE)) return null;
  const session = await findActiveSession(jar.get(SESSION_COOKIE)?.value);
  return session?.user ?? null;
});

/** For pages that only make sense signed in: anonymous visitors go to /register. */
export async function requireUserOrRedirect(destination = "/register") {
  const user = await getCurrentUser();
  if (!user) redirect(destination);
  return user;
}

/** The family of the invite link this visitor arrived through, if any. */
export async function rememberedInvite() {
  return (await cookies()).get(INVITE_COOKIE)?.value;
}

/** The address people use to reach the app, for links they will share (invite links). */
export async function publicOrigin() {
  const appUrl = getEnv().APP_URL;
  if (appUrl) return new URL(appUrl).origin;
  const requestHeaders = await headers();
  const protocol = requestHeaders.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? "http";
  const host = requestHeaders.get("x-forwarded-host") ?? requestHeaders.get("host") ?? "localhost:3000";
  return `${protocol}://${host}`;
}
