import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext } from "@playwright/test";
import { encode } from "next-auth/jwt";
import { E2E_DATA_DIRECTORY } from "./data-directory";

const SESSION_COOKIE = "authjs.session-token";

/**
 * Google's OAuth exchange cannot run offline. This leaves the browser as Auth.js leaves it after
 * Google vouched for an address: its short-lived session cookie, sealed with the server's secret
 * (generated into the end-to-end data folder), holding the identity.
 */
export async function afterGoogleVerified(context: BrowserContext, baseURL: string, identity: { email: string; given_name: string; family_name: string }) {
  const secret = readFileSync(path.join(E2E_DATA_DIRECTORY, "auth-secret"), "utf8").trim();
  const value = await encode({
    token: { ...identity, name: `${identity.given_name} ${identity.family_name}`, sub: identity.email },
    secret,
    salt: SESSION_COOKIE,
    maxAge: 10 * 60,
  });
  await context.addCookies([{ name: SESSION_COOKIE, value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}
