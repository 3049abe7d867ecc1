import { z } from "zod";

// The family's invite link as its members see it (GET /api/family/invite and the dashboard).

export const familyInviteDtoSchema = z.strictObject({
  status: z
    .enum(["open", "expired", "closed"])
    .meta({ description: "open: people can join through it; expired: its time ran out; closed: an admin closed it." }),
  invite: z
    .strictObject({
      code: z.string(),
      url: z.string(),
      created_at: z.iso.datetime(),
      expires_at: z.iso.datetime(),
      created_by: z.strictObject({ first_name: z.string(), last_name: z.string() }).nullable(),
    })
    .nullable()
    .meta({ description: "The current link (open or expired); null once closed." }),
  can_manage: z.boolean().meta({ description: "Whether the viewer may replace or close the link (the family's admins)." }),
  admins: z.array(z.strictObject({ id: z.guid(), first_name: z.string(), last_name: z.string() })),
  default_expires_in_days: z.number().int().meta({ description: "How long a new link works unless the admin chooses (INVITE_LINK_DAYS)." }),
});

export type FamilyInviteDto = z.output<typeof familyInviteDtoSchema>;
export type InviteStatus = FamilyInviteDto["status"];

/** The spec's invite link: the site's origin, /register?familyId= and the invite's code. */
export function inviteUrl(origin: string, code: string) {
  return `${origin}/register?familyId=${encodeURIComponent(code)}`;
}
