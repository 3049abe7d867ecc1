import "server-only";
import NextAuth from "next-auth";
import Google from "next-auth/providers/google";
import { getAuthSecret, getEnv } from "@/server/platform/env";

// Google sign-in runs through Auth.js (next-auth). Auth.js only carries out the OAuth exchange
// and holds the verified identity for a few minutes; /api/auth/google/complete then turns it
// into a Family Book session like any other (revocable, stored hashed).

export function googleSignInEnabled() {
  const env = getEnv();
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

export const { handlers: googleHandlers, auth: googleIdentity } = NextAuth(() => {
  const env = getEnv();
  return {
    secret: getAuthSecret(env),
    trustHost: true,
    basePath: "/api/auth",
    session: { strategy: "jwt", maxAge: 10 * 60 },
    providers: googleSignInEnabled() ? [Google({ clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET })] : [],
    pages: { signIn: "/register", error: "/register" },
    callbacks: {
      // Only addresses Google has verified may sign in to (or create) an account.
      signIn: ({ account, profile }) => account?.provider === "google" && profile?.email_verified === true,
      jwt: ({ token, profile }) => {
        if (profile) {
          token.given_name = profile.given_name ?? null;
          token.family_name = profile.family_name ?? null;
        }
        return token;
      },
      session: ({ session, token }) => ({
        ...session,
        given_name: (token.given_name as string | null | undefined) ?? null,
        family_name: (token.family_name as string | null | undefined) ?? null,
      }),
    },
  };
});
