import { z } from "zod";

// Invite codes and the admin's choices about them (docs/decisions/008-invites.md). Shared by the
// proxy, the route handlers and the dashboard's form.

/**
 * What `?familyId=` and registration's `family_id` carry: 24 random base64url characters, or a
 * family's first code, its own id (a UUID). Anything else is not worth a database lookup.
 */
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9_-]{20,64}$/;

export function looksLikeInviteCode(value: string | null | undefined): value is string {
  return typeof value === "string" && INVITE_CODE_PATTERN.test(value);
}

export const INVITE_LINK_MIN_DAYS = 1;
export const INVITE_LINK_MAX_DAYS = 365;
/** The lengths the dashboard offers; the server's default is offered too. */
export const INVITE_LINK_DAY_CHOICES = [7, 30, 90, 365] as const;

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
 * "the Lindqvist family": families are named "The <surname> Family" when they start; a family
 * without a name is called after the person who invited.
 */
export function familyPhrase({ familyName, invitedBy }: { familyName: string | null; invitedBy: string | null }) {
  const surname = familyName ? /^The (.+) Family$/.exec(familyName)?.[1] : undefined;
  if (surname) return `the ${surname} family`;
  if (familyName) return familyName;
  return invitedBy ? `${invitedBy}'s family` : "this family";
}

/** "Join the Lindqvist family — invited by Margaret": what an invite says before anyone accepts it. */
export function joinFamilyLine(invite: { familyName: string | null; invitedBy: string | null }) {
  const join = `Join ${familyPhrase(invite)}`;
  return invite.invitedBy ? `${join} — invited by ${invite.invitedBy}` : join;
}

/** Registration, the Google completion and GET /api/invites/{code} refuse an unusable invite with this. */
export const INVALID_INVITE = "This invite link is not valid. Please ask your relative to send it again.";

/**
 * The Google confirmation page's answer (a form post): join the invite the person was shown, or
 * start their own family.
 */
export const familyChoiceSchema = z.discriminatedUnion(
  "choice",
  [
    z.object({ choice: z.literal("join"), invite: z.string().regex(INVITE_CODE_PATTERN, INVALID_INVITE) }),
    z.object({ choice: z.literal("own-family") }),
  ],
  { error: "Choose whether to join the family or start your own." },
);
