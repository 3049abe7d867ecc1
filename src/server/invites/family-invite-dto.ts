// The family's invite link as its members see it (GET /api/family/invite and the dashboard).

export type InviteStatus = "open" | "expired" | "closed";

export type FamilyInviteDto = {
  /** open: people can join through it; expired: its time ran out; closed: an admin closed it. */
  status: InviteStatus;
  /** The current link (open or expired); null once closed. */
  invite: {
    code: string;
    url: string;
    created_at: string;
    expires_at: string;
    created_by: { first_name: string; last_name: string } | null;
  } | null;
  /** Whether the viewer may replace or close the link (the family's admins). */
  can_manage: boolean;
  admins: { id: string; first_name: string; last_name: string }[];
  /** How long a new link works unless the admin chooses (INVITE_LINK_DAYS). */
  default_expires_in_days: number;
};

/** The spec's invite link: the site's origin, /register?familyId= and the invite's code. */
export function inviteUrl(origin: string, code: string) {
  return `${origin}/register?familyId=${encodeURIComponent(code)}`;
}
