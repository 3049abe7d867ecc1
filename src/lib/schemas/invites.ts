import { z } from "zod";
import { INVALID_INVITE, INVITE_CODE_PATTERN, INVITE_LINK_MAX_DAYS, INVITE_LINK_MIN_DAYS } from "@/lib/invite-words";

// Invite codes and the admin's choices about them (docs/decisions/008-invites.md). Shared by the
// proxy, the route handlers and the dashboard's form. The words and limits that pages show without
// checking anything are in lib/invite-words.ts, so those pages load no zod.

export * from "@/lib/invite-words";

const EXPIRY_MESSAGE = `A link works for ${INVITE_LINK_MIN_DAYS} to ${INVITE_LINK_MAX_DAYS} days`;

/** POST /api/family/invite: optionally how many days the new link works (else the server's default). */
export const newInviteSchema = z
  .object({
    expires_in_days: z
      .number({ error: EXPIRY_MESSAGE })
      .int(EXPIRY_MESSAGE)
      .min(INVITE_LINK_MIN_DAYS, EXPIRY_MESSAGE)
      .max(INVITE_LINK_MAX_DAYS, EXPIRY_MESSAGE)
      .optional(),
  })
  .strict();

export type NewInviteInput = z.input<typeof newInviteSchema>;

/**
 * The Google confirmation page's answer (a form post): join the invite the person was shown, or
 * start their own family.
 */
export const familyChoiceSchema = z.discriminatedUnion(
  "choice",
  [z.object({ choice: z.literal("join"), invite: z.string().regex(INVITE_CODE_PATTERN, INVALID_INVITE) }), z.object({ choice: z.literal("own-family") })],
  { error: "Choose whether to join the family or start your own." },
);
