import { z } from "zod";
import { emailField, PASSWORD_MAX_LENGTH, WRONG_PASSWORD } from "./auth";

// Confirming an address and changing it (docs/decisions/017-verified-addresses.md): the pages,
// the Settings form and the routes share these rules and messages.

export const EMAIL_LINK_INVALID = "This confirmation link is not valid. Please check that you used the whole link from the email, or ask for a new one.";
export const EMAIL_LINK_EXPIRED = "This confirmation link has expired. Please ask for a new one.";
export const EMAIL_LINK_OUTDATED = "This confirmation link was for an address your account no longer uses.";
export const EMAIL_CONFIRMED = "Your email address is confirmed.";
export const EMAIL_ALREADY_CONFIRMED = "Your email address is already confirmed.";
export const CONFIRMATION_SENT = (email: string) => `We sent a new confirmation link to ${email}.`;
export { WRONG_PASSWORD };
export { GOOGLE_ACCOUNT_EMAIL } from "@/lib/email-preferences";
export const SAME_EMAIL = "That is already your email address.";

export const confirmEmailSchema = z.object({ token: z.string({ error: EMAIL_LINK_INVALID }).min(1, EMAIL_LINK_INVALID).max(200, EMAIL_LINK_INVALID) });

export const changeEmailSchema = z.object({
  email: emailField,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX_LENGTH, WRONG_PASSWORD),
});

export type ChangeEmailInput = z.input<typeof changeEmailSchema>;
export type ChangeEmailValues = z.output<typeof changeEmailSchema>;
