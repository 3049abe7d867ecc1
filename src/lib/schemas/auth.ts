import { z } from "zod";
import {
  isTooEasyToGuess,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_ONLY_SPACES,
  PASSWORD_TOO_EASY,
  type PasswordOwner,
} from "@/lib/passwords/password-rule";
import { plainText } from "./text";

// One schema per rule, used by the forms (react-hook-form) and the route handlers alike.

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

// Older clients percent-encode "+" in the address before sending it (docs/product.md §3); the address is
// kept as the person typed it.
export const emailField = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .superRefine(plainText("Email"))
  .transform((value) => value.replace(/%2B/gi, "+"))
  .pipe(z.email("Please enter a valid email address"));

/**
 * The one form of an address that accounts, invitations, limits and imports compare and look up by
 * (`users.email_normalized`): trimmed, in lower case. The address itself is kept as typed.
 */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`)
    .superRefine(plainText(label));

/**
 * A new password, at registration, after a reset or on Settings (docs/decisions/011-password-rule.md). Whether it
 * is too easy to guess is judged apart, with the person's own names and email (isTooEasyToGuess).
 */
const newPassword = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine((value) => value.trim() !== "", PASSWORD_ONLY_SPACES)
  .superRefine(plainText("Password"));

/** POST /api/auth/register and the register form. The password rule is async: see password-rule.ts. */
export const registerSchema = z
  .object({
    first_name: name("First name"),
    last_name: name("Last name"),
    email: emailField,
    password: newPassword,
    family_id: z
      .string()
      .trim()
      .superRefine(plainText("The invite link's family id"))
      .optional()
      .nullable()
      .transform((value) => (value ? value : undefined)),
  })
  .refine(async ({ password, ...owner }) => !(await isTooEasyToGuess(password, owner)), {
    path: ["password"],
    message: PASSWORD_TOO_EASY,
    // Judged once the password is otherwise fine, whatever the other fields say, so the form
    // shows every problem at once; the names and email, when valid, count as guessable words.
    when: ({ issues, value }) =>
      typeof (value as { password?: unknown } | undefined)?.password === "string" && !issues.some((issue) => issue.path?.[0] === "password"),
  });

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX_LENGTH, "Invalid email or password"),
});

/** POST /api/auth/password-reset and the "Forgot your password?" form. */
export const passwordResetRequestSchema = z.object({ email: emailField });

/** The answer to every reset request, whether or not an account uses the address. */
export const PASSWORD_RESET_SENT =
  "If an account uses this email address, we have sent it a link to choose a new password. The link works for one hour. Please also look in your spam folder.";

export const RESET_LINK_INVALID = "This password reset link is not valid. Please check that you used the whole link from the email, or ask for a new one.";
export const RESET_LINK_USED = "This password reset link has already been used. If you still need to change your password, please ask for a new link.";
export const RESET_LINK_EXPIRED = "This password reset link has expired: links work for one hour. Please ask for a new one.";

/**
 * POST /api/auth/password-reset/confirm and the reset form. The server also refuses a password
 * that is too easy to guess for the account's owner; the form checks the same as it is typed.
 */
export const passwordResetConfirmSchema = z.object({
  token: z.string({ error: RESET_LINK_INVALID }).trim().min(1, RESET_LINK_INVALID).max(200, RESET_LINK_INVALID),
  password: newPassword,
});

/** The reset form: the same, with the password judged against the owner's names and email as it is typed. */
export function passwordResetFormSchema(owner: PasswordOwner) {
  return passwordResetConfirmSchema.refine(async ({ password }) => !(await isTooEasyToGuess(password, owner)), {
    path: ["password"],
    message: PASSWORD_TOO_EASY,
    when: ({ issues }) => !issues.some((issue) => issue.path?.[0] === "password"),
  });
}

/** Said of a password that does not prove who the person is (changing the password or the address, deleting the account). */
/** An address another account has (409 on registering or changing one's address). */
export const EMAIL_TAKEN = "An account with this email is already registered.";
export const WRONG_PASSWORD = "That password is not right.";
export const PASSWORD_CHANGED = "Your password has been changed. You have been signed out on your other devices.";
export const GOOGLE_ACCOUNT_PASSWORD =
  "Your account signs in with Google, so it has no password to change. To set one, use “Forgot your password?” and follow the link we email you.";

/**
 * PUT /api/auth/password and Settings' "Change password" form: the current password proves it is
 * the person (sign-in's rule: anything typed), the new one follows the registration rule. The
 * server also refuses a new password too easy to guess for the account's owner.
 */
export const changePasswordSchema = z.object({
  current_password: z.string({ error: "Current password is required" }).min(1, "Current password is required").max(PASSWORD_MAX_LENGTH, WRONG_PASSWORD),
  new_password: newPassword,
});

/** The Settings form: the same, with the new password judged against the member's names and email as it is typed. */
export function changePasswordFormSchema(owner: PasswordOwner) {
  return changePasswordSchema.refine(async ({ new_password }) => !(await isTooEasyToGuess(new_password, owner)), {
    path: ["new_password"],
    message: PASSWORD_TOO_EASY,
    when: ({ issues }) => !issues.some((issue) => issue.path?.[0] === "new_password"),
  });
}

export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterValues = z.output<typeof registerSchema>;
export type LoginInput = z.input<typeof loginSchema>;
export type LoginValues = z.output<typeof loginSchema>;
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;
export type PasswordResetRequestValues = z.output<typeof passwordResetRequestSchema>;
export type PasswordResetConfirmInput = z.input<typeof passwordResetConfirmSchema>;
export type PasswordResetConfirmValues = z.output<typeof passwordResetConfirmSchema>;
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type ChangePasswordValues = z.output<typeof changePasswordSchema>;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
