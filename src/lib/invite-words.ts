// What pages say and offer about invites and invitations without checking anything: the limits,
// the choices and the sentences. No zod here, so the sign-in page and the dashboard load none
// (lib/schemas/invites.ts and invitations.ts re-export all of it beside their schemas).

/**
 * What `?familyId=` and registration's `family_id` carry: an invite code, 24 random base64url
 * characters (never a family's id, docs/decisions/008-invites.md). Anything far from that shape is
 * not worth a database lookup.
 */
export const INVITE_CODE_PATTERN = /^[A-Za-z0-9_-]{20,64}$/;

export function looksLikeInviteCode(value: string | null | undefined): value is string {
  return typeof value === "string" && INVITE_CODE_PATTERN.test(value);
}

export const INVITE_LINK_MIN_DAYS = 1;
export const INVITE_LINK_MAX_DAYS = 365;
/** The lengths the dashboard offers; the server's default is offered too. */
export const INVITE_LINK_DAY_CHOICES = [7, 30, 90, 365] as const;

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

/** The longest personal note an invitation by email carries. */
export const INVITATION_NOTE_MAX = 500;
