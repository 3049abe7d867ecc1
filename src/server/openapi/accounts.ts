import { z } from "zod";
import { EMAIL_TAKEN, loginSchema, registerSchema } from "@/lib/schemas/auth";
import { familyChoiceSchema, INVALID_INVITE } from "@/lib/schemas/invites";
import { INVALID_CREDENTIALS } from "@/server/accounts/auth/log-in";
import { signedInSchema } from "@/server/accounts/auth/session-response";
import { SESSION_ENDED } from "@/server/accounts/auth/sessions";
import { userDtoSchema } from "@/server/accounts/users/user-dto";
import { familyMemberDtoSchema, profileDtoSchema } from "@/server/family/members/family-member-dto";
import { PROFILE_NOT_FOUND } from "@/server/family/members/get-family-profile";
import { BODY_CAPS } from "@/server/platform/http/read-body";
import { idParameter, type Operation } from "./operation";

// Accounts, sessions and the family's members (docs/product.md §3, §4).

const SESSION_COOKIE = { "Set-Cookie": "fb_session (httpOnly): the same session, for browsers." };

export const accountOperations: Operation[] = [
  {
    method: "post",
    path: "/auth/register",
    tag: "Accounts",
    summary: "Create an account, starting a family or joining one through its invite",
    description:
      "Without `family_id` the person starts a new family; with one (the code of an invite link or an invitation by email, docs/decisions/008-invites.md) they join it. " +
      "Despite the field's name, a family's id is not an invite: sent here, it is refused like any code that is not open. " +
      "The password rule: docs/decisions/011-password-rule.md.",
    access: "public",
    body: { media: "application/json", schema: registerSchema, maxBytes: BODY_CAPS.credentials },
    answer: { status: 201, description: "Registered and signed in.", data: signedInSchema, headers: SESSION_COOKIE },
    refusals: {
      400: `Invalid input (per field), a password the rule refuses, or an invite that cannot be used: "${INVALID_INVITE}" on family_id.`,
      409: `"${EMAIL_TAKEN}" (on the email field).`,
      429: "Too many registrations from one address, through one invite from one address, or at one email (docs/decisions/010-sign-in-throttling.md).",
    },
  },
  {
    method: "post",
    path: "/auth/login",
    tag: "Accounts",
    summary: "Exchange an email and password for a session",
    access: "public",
    body: { media: "application/json", schema: loginSchema, maxBytes: BODY_CAPS.credentials },
    answer: { status: 200, description: "Signed in.", data: signedInSchema, headers: SESSION_COOKIE },
    refusals: {
      400: "Invalid input (per field).",
      401: `"${INVALID_CREDENTIALS}", the same for an unknown email and a wrong password.`,
      429: "Too many failed sign-ins for the account from this address, from this address, or for the account (docs/decisions/010-sign-in-throttling.md).",
    },
  },
  {
    method: "get",
    path: "/auth/me",
    tag: "Accounts",
    summary: "The signed-in user",
    access: "member",
    answer: { status: 200, description: "The user.", data: z.strictObject({ user: userDtoSchema }) },
  },
  {
    method: "post",
    path: "/auth/logout",
    tag: "Accounts",
    summary: "End this session at once",
    description: "Succeeds when already signed out, and clears the browser's cookie.",
    access: "public",
    answer: { status: 200, description: "Signed out.", data: z.null() },
  },
  {
    method: "post",
    path: "/auth/refresh",
    tag: "Accounts",
    summary: "A new token for this session; the old one stops working",
    access: "member",
    answer: { status: 200, description: "The new token.", data: signedInSchema },
    refusals: { 401: `Not signed in, or "${SESSION_ENDED}" when the token was already refreshed.` },
  },
  {
    method: "get",
    path: "/auth/google/complete",
    tag: "Accounts",
    summary: "Turn the identity Google verified into a session",
    description:
      "Where Google sign-in ends. Redirects with a session to `next` when it is a path of this site, else to /family-dashboard; to /register/google " +
      "when a new address arrived through an invite, to choose; to /register when there is no verified identity or the sign-in failed.",
    access: "public",
    ownAnswers: true,
    answer: { status: 303, description: "Where to go next.", headers: { Location: "The next page." } },
  },
  {
    method: "post",
    path: "/auth/google/complete",
    tag: "Accounts",
    summary: "The choice made on /register/google: join the invite shown, or start a family",
    access: "public",
    ownAnswers: true,
    body: { media: "application/x-www-form-urlencoded", schema: familyChoiceSchema, maxBytes: BODY_CAPS.credentials },
    answer: {
      status: 303,
      description: "To /family-dashboard with a session; back to /register/google when the invite was closed meanwhile.",
      headers: { Location: "The next page." },
    },
    refusals: {
      400: "A choice that is neither join (with an invite code) nor own-family.",
      403: "A form sent from another site.",
      413: `A body of more than ${BODY_CAPS.credentials / 1024} kB.`,
    },
  },
  ...(
    [
      ["get", "/auth/providers", "Auth.js: the sign-in providers configured (Google, when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set)"],
      ["get", "/auth/csrf", "Auth.js: the token its sign-in form posts back"],
      ["get", "/auth/session", "Auth.js: the identity Google verified, for a few minutes (not a Family Book session)"],
      ["post", "/auth/signin/{provider}", "Auth.js: start signing in with Google"],
      ["get", "/auth/callback/{provider}", "Auth.js: where Google sends the browser back; continues to /auth/google/complete"],
    ] as const
  ).map(([method, path, summary]): Operation => ({
    method,
    path,
    tag: "Accounts",
    summary,
    description: "Served by Auth.js, which only carries out the OAuth exchange; its answers are its own.",
    access: "public",
    ownAnswers: true,
    ...(path.includes("{provider}") && { params: z.object({ provider: z.literal("google") }) }),
    answer: path.includes("{provider}")
      ? { status: 302, description: "On to Google, or back from it.", headers: { Location: "The next address." } }
      : { status: 200, description: "Auth.js's JSON.", media: "application/json" },
  })),
  {
    method: "get",
    path: "/profiles/family-members",
    tag: "Accounts",
    summary: "Everyone in the signed-in user's family",
    access: "member",
    answer: { status: 200, description: "The family's members.", data: z.strictObject({ familyMembers: z.array(familyMemberDtoSchema) }) },
  },
  {
    method: "get",
    path: "/profiles/{id}",
    tag: "Accounts",
    summary: "A relative's profile",
    access: "member",
    params: idParameter("id", "person"),
    answer: { status: 200, description: "The profile.", data: z.strictObject({ profile: profileDtoSchema }) },
    refusals: { 404: `"${PROFILE_NOT_FOUND}": nobody by that id in the caller's family.` },
  },
];
