import { z } from "zod";
import { isTooEasyToGuess, PASSWORD_ONLY_SPACES, PASSWORD_TOO_EASY } from "@/lib/passwords/password-rule";
import { plainText } from "./text";

// One schema per rule, used by the forms (react-hook-form) and the route handlers alike.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

// Older clients percent-encode "+" in the address before sending it (docs/product.md §3); the address is
// kept as the person typed it.
const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .superRefine(plainText("Email"))
  .transform((value) => value.replace(/%2B/gi, "+"))
  .pipe(z.email("Please enter a valid email address"));

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`)
    .superRefine(plainText(label));

/** POST /api/auth/register and the register form. The password rule is async: see password-rule.ts. */
export const registerSchema = z
  .object({
    first_name: name("First name"),
    last_name: name("Last name"),
    email,
    password: z
      .string({ error: "Password is required" })
      .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
      .refine((value) => value.trim() !== "", PASSWORD_ONLY_SPACES)
      .superRefine(plainText("Password")),
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
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX_LENGTH, "Invalid email or password"),
});

export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterValues = z.output<typeof registerSchema>;
export type LoginInput = z.input<typeof loginSchema>;
export type LoginValues = z.output<typeof loginSchema>;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
