import { z } from "zod";
import { EMAIL_PREFERENCE_KINDS, type EmailPreferenceKind } from "@/lib/email-preferences";

// Which kinds of email a member gets (docs/product.md §11), as the Settings page and the API send them.

const kindSwitches = Object.fromEntries(
  EMAIL_PREFERENCE_KINDS.map((kind) => [kind, z.boolean({ error: `${kind} must be true or false` }).optional()]),
) as Record<EmailPreferenceKind, z.ZodOptional<z.ZodBoolean>>;

/** PATCH /api/email-preferences: the kinds to change, each on (true) or off (false). */
export const emailPreferencesChangeSchema = z
  .strictObject(kindSwitches, {
    error: (issue) => (issue.code === "unrecognized_keys" ? `There is no kind of email called ${issue.keys.join(", ")}.` : undefined),
  })
  .refine((changes) => Object.keys(changes).length > 0, "Say which kind of email to turn on or off.");

export type EmailPreferencesChange = z.output<typeof emailPreferencesChangeSchema>;

/** Every kind, on or off. */
export const emailPreferencesSchema = z.strictObject(
  Object.fromEntries(EMAIL_PREFERENCE_KINDS.map((kind) => [kind, z.boolean()])) as Record<EmailPreferenceKind, z.ZodBoolean>,
);

export type EmailPreferences = z.output<typeof emailPreferencesSchema>;
