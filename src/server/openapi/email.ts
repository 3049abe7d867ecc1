import { z } from "zod";
import { EMAIL_PREFERENCE_KINDS } from "@/lib/email-preferences";
import { PASSWORD_TOO_EASY } from "@/lib/passwords/password-rule";
import {
  changePasswordSchema,
  GOOGLE_ACCOUNT_PASSWORD,
  PASSWORD_CHANGED,
  PASSWORD_RESET_SENT,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  RESET_LINK_EXPIRED,
  RESET_LINK_INVALID,
  RESET_LINK_USED,
} from "@/lib/schemas/auth";
import {
  changeEmailSchema,
  confirmEmailSchema,
  EMAIL_LINK_EXPIRED,
  EMAIL_LINK_INVALID,
  EMAIL_LINK_OUTDATED,
  GOOGLE_ACCOUNT_EMAIL,
  SAME_EMAIL,
  WRONG_PASSWORD,
} from "@/lib/schemas/email-address";
import { emailPreferencesChangeSchema, emailPreferencesSchema } from "@/lib/schemas/email-preferences";
import { changePasswordRules } from "@/server/accounts/auth/change-password";
import { signedInSchema } from "@/server/accounts/auth/session-response";
import { INVALID_UNSUBSCRIBE_LINK } from "@/server/accounts/email-preferences/unsubscribe";
import { BODY_CAPS } from "@/server/platform/http/read-body";
import type { Operation } from "./operation";

// Passwords (resets and changes) and email settings (docs/product.md §4, §11; docs/decisions/013-email.md).

const SESSION_COOKIE = { "Set-Cookie": "fb_session (httpOnly): the same session, for browsers." };

const unsubscribeQuery = z.object({
  token: z
    .string()
    .meta({ description: "The token of an unsubscribe link, as the email carries it: it names the member and the kind of email, signed by Family Book." }),
});

const subscriptionSchema = z.strictObject({
  kind: z.enum(EMAIL_PREFERENCE_KINDS),
  enabled: z.boolean(),
});

/** The answer to a reset request, the same whether or not an account uses the address. */
export const passwordResetRequestedSchema = z.strictObject({ message: z.literal(PASSWORD_RESET_SENT) });

export const emailOperations: Operation[] = [
  {
    method: "post",
    path: "/auth/password-reset",
    tag: "Accounts",
    summary: "Email a link to choose a new password",
    description:
      "Answers the same whether or not an account uses the address, and does the same work either way; a background job sends the email, " +
      "with a link to `<APP_URL>/reset-password?token=…` that works for one hour and once (docs/decisions/013-email.md).",
    access: "public",
    body: { media: "application/json", schema: passwordResetRequestSchema, maxBytes: BODY_CAPS.credentials },
    answer: { status: 200, description: "Asked for; the email is on its way if an account uses the address.", data: passwordResetRequestedSchema },
    refusals: {
      400: "Not an email address (on email).",
      429: "Too many requests from this address, or for this email address (docs/decisions/013-email.md).",
    },
  },
  {
    method: "post",
    path: "/auth/password-reset/confirm",
    tag: "Accounts",
    summary: "Set a new password with a reset link's token",
    description:
      "The token is the `token` parameter of the link in the reset email. The password rule is registration's (docs/decisions/011-password-rule.md). " +
      "On success the link is used up, the account's other open links close, every session of the account ends, and a new one is answered.",
    access: "public",
    body: { media: "application/json", schema: passwordResetConfirmSchema, maxBytes: BODY_CAPS.credentials },
    answer: { status: 200, description: "Password changed and signed in.", data: signedInSchema, headers: SESSION_COOKIE },
    refusals: {
      400: `On token: "${RESET_LINK_INVALID}" (not a link we made, or changed), "${RESET_LINK_USED}", or "${RESET_LINK_EXPIRED}". On password: the rule's messages, such as "${PASSWORD_TOO_EASY}".`,
      429: "Too many new passwords sent from this address, or for this account (docs/decisions/013-email.md).",
    },
  },
  {
    method: "put",
    path: "/auth/password",
    tag: "Accounts",
    summary: "Change the signed-in person's password",
    description:
      "Needs the current password. The new one follows the registration rule (docs/decisions/011-password-rule.md). On success every other session of " +
      "the account ends (other browsers and devices are signed out), the session that asked goes on, and the account's open reset links close.",
    access: "member",
    body: { media: "application/json", schema: changePasswordSchema, maxBytes: BODY_CAPS.credentials },
    answer: { status: 200, description: "Changed.", data: z.strictObject({ message: z.literal(PASSWORD_CHANGED) }) },
    refusals: {
      400:
        `Invalid input (per field); "${WRONG_PASSWORD}" (on current_password, also when another change came first); the rule's messages on new_password, ` +
        `such as "${PASSWORD_TOO_EASY}"; for an account without a password (Google): "${GOOGLE_ACCOUNT_PASSWORD}"`,
      429: `More than ${changePasswordRules.attemptsByAccount.limit} attempts in an hour for the account.`,
    },
  },
  {
    method: "get",
    path: "/email-preferences",
    tag: "Email",
    summary: "Which kinds of email the member gets",
    description: "Each kind a member may turn off, on (true) or off (false). Account emails (password resets) and invitations are always sent and not listed.",
    access: "member",
    answer: { status: 200, description: "Every kind.", data: z.strictObject({ preferences: emailPreferencesSchema }) },
  },
  {
    method: "patch",
    path: "/email-preferences",
    tag: "Email",
    summary: "Turn kinds of email on or off",
    access: "member",
    body: { media: "application/json", schema: emailPreferencesChangeSchema, maxBytes: BODY_CAPS.json },
    answer: { status: 200, description: "Every kind, as it now is.", data: z.strictObject({ preferences: emailPreferencesSchema }) },
    refusals: { 400: "A kind that does not exist, a value that is not true or false, or no kind at all." },
  },
  {
    method: "get",
    path: "/unsubscribe",
    tag: "Email",
    summary: "The List-Unsubscribe address opened in a browser: on to the unsubscribe page",
    description: "Changes nothing (mail scanners open links): the page at /unsubscribe does the unsubscribing, and says what it turned off.",
    access: "public",
    ownAnswers: true,
    query: unsubscribeQuery,
    answer: { status: 303, description: "To /unsubscribe with the same token.", headers: { Location: "/unsubscribe?token=…" } },
  },
  {
    method: "post",
    path: "/unsubscribe",
    tag: "Email",
    summary: "One-click unsubscribe (RFC 8058): turn off the kind of email the link names",
    description:
      "The address in every email's `List-Unsubscribe` header, with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. No sign-in and no cookie: " +
      "the signed token is the permission, so mail providers may post from anywhere. The body (`List-Unsubscribe=One-Click`) is read and not needed.",
    access: "public",
    crossSite: true,
    query: unsubscribeQuery,
    body: { media: "application/x-www-form-urlencoded", maxBytes: 1024, optional: true },
    answer: { status: 200, description: "Turned off.", data: subscriptionSchema },
    refusals: { 400: `"${INVALID_UNSUBSCRIBE_LINK}": a token we did not sign as it is, or for an account that no longer exists.` },
  },
  {
    method: "delete",
    path: "/unsubscribe",
    tag: "Email",
    summary: "Undo an unsubscribe: turn the kind of email the link names back on",
    description: 'For the unsubscribe page\'s "Turn these emails back on". No sign-in: the signed token is the permission.',
    access: "public",
    query: unsubscribeQuery,
    answer: { status: 200, description: "Turned back on.", data: subscriptionSchema },
    refusals: { 400: `"${INVALID_UNSUBSCRIBE_LINK}"` },
  },
  {
    method: "post",
    path: "/auth/email/confirm",
    tag: "Accounts",
    summary: "Confirm an address with the token of a confirmation link",
    description:
      "The link `<APP_URL>/confirm-email?token=…` is emailed after registering (unless the address was already proven: Google, or an invitation " +
      "sent to it) and after changing the address; it works for 7 days, and only for the address it was sent to while the account still uses it " +
      "(docs/decisions/017-verified-addresses.md). No sign-in needed. Following it again answers that the address is already confirmed.",
    access: "public",
    body: { media: "application/json", schema: confirmEmailSchema, maxBytes: BODY_CAPS.credentials },
    answer: {
      status: 200,
      description: '"Your email address is confirmed." or "Your email address is already confirmed."',
      data: z.strictObject({ message: z.string() }),
    },
    refusals: { 400: `"${EMAIL_LINK_INVALID}", "${EMAIL_LINK_EXPIRED}" or "${EMAIL_LINK_OUTDATED}" (on token).` },
  },
  {
    method: "post",
    path: "/auth/email/resend",
    tag: "Accounts",
    summary: "Email a new confirmation link to the signed-in person's address",
    access: "member",
    answer: {
      status: 200,
      description: '"We sent a new confirmation link to …", or "Your email address is already confirmed."',
      data: z.strictObject({ message: z.string() }),
    },
    refusals: { 429: "More than 5 in an hour." },
  },
  {
    method: "put",
    path: "/auth/email",
    tag: "Accounts",
    summary: "Change the signed-in person's email address; it waits for confirmation",
    description: "Needs the account's password. The new address is unconfirmed until the link emailed to it is followed; earlier links confirm nothing.",
    access: "member",
    body: { media: "application/json", schema: changeEmailSchema, maxBytes: BODY_CAPS.credentials },
    answer: { status: 200, description: "Changed; a confirmation link is on its way.", data: z.strictObject({ email: z.string(), message: z.string() }) },
    refusals: {
      400: `Invalid input (per field); "${WRONG_PASSWORD}" (on password); "${SAME_EMAIL}" (on email); "${GOOGLE_ACCOUNT_EMAIL}"`,
      409: '"An account with this email is already registered." (on email).',
      429: "More than 10 attempts in an hour.",
    },
  },
];
