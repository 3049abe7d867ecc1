import { z } from "zod";
import { plainText } from "./text";

// One schema per rule, used by the forms (react-hook-form) and the route handlers alike.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

// Older clients percent-encode "+" in the address before sending it (SPEC §3); the address is
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

export const registerSchema = z.object({
  first_name: name("First name"),
  last_name: name("Last name"),
  email,
  password: z
    .string({ error: "Password is required" })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .superRefine(plainText("Password")),
  family_id: z
    .string()
    .trim()
    .superRefine(plainText("The invite link's family id"))
    .optional()
    .nullable()
    .transform((value) => (value ? value : undefined)),
});

export const loginSchema = z.object({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX_LENGTH, "Invalid email or password"),
});

export type RegisterInput = z.input<typeof registerSchema>;
export type LoginInput = z.input<typeof loginSchema>;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
