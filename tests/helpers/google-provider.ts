import { vi } from "vitest";

// Auth.js cannot be loaded outside Next, and Google's OAuth exchange cannot run offline. Test files
// stand this module in for @/server/accounts/auth/google-provider:
//   vi.mock("@/server/accounts/auth/google-provider", () => import("../helpers/google-provider"));
// and say who Google vouched for with signedInWithGoogleAs (nobody until they do).

export const googleHandlers = { GET: async () => new Response("Auth.js"), POST: async () => new Response("Auth.js") };
export const googleIdentity = vi.fn(async (): Promise<unknown> => null);
export const googleSignInEnabled = vi.fn(() => false);

/** The identity Auth.js hands over after Google vouched for `email` (with the names Google gave, if any). */
export function signedInWithGoogleAs(email: string, names: { given_name?: string; family_name?: string } = {}) {
  googleIdentity.mockResolvedValue({ user: { email }, expires: new Date(Date.now() + 600_000).toISOString(), ...names });
}
