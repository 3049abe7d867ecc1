import { z } from "zod";

// A family member as the dashboard and the tag lists show them (docs/product.md §3 Profile / family member).

export const familyMemberDtoSchema = z.strictObject({
  id: z.guid(),
  first_name: z.string(),
  last_name: z.string(),
  created_at: z.iso.datetime(),
  /** Profile photos are not uploaded yet: always null. */
  profile_image_url: z.string().nullable(),
  family_role: z.string().meta({ description: "`admin` for whoever started the family, else `member`." }),
  is_admin: z.boolean(),
});

export const profileDtoSchema = z.strictObject({
  id: z.guid(),
  first_name: z.string(),
  last_name: z.string(),
  created_at: z.iso.datetime(),
  family_id: z.guid().nullable(),
});

/**
 * DELETE /api/family/members/{id}: the caller's family as it is now, and what else the change did
 * (docs/decisions/024-leaving-and-the-circle.md).
 */
export const memberRemovalDtoSchema = z.strictObject({
  familyMembers: z.array(familyMemberDtoSchema),
  invite_link_replaced: z.boolean().meta({
    description:
      "A member was removed while the family's invite link was open: that link no longer works, and a new one (GET /family/invite) works until the old one would have.",
  }),
  invitations_revoked: z
    .number()
    .int()
    .meta({ description: "How many invitations by email the removed member had sent that were still waiting, now revoked." }),
  message: z.string().meta({ description: "What happened, as a sentence to show the caller." }),
});

export type FamilyMemberDto = z.output<typeof familyMemberDtoSchema>;
export type MemberRemovalDto = z.output<typeof memberRemovalDtoSchema>;
export type ProfileDto = z.output<typeof profileDtoSchema>;

export const memberSelect = {
  id: true,
  first_name: true,
  last_name: true,
  created_at: true,
  family_role: true,
  profile_image_url: true,
  family_id: true,
} as const;

type MemberRow = {
  id: string;
  first_name: string;
  last_name: string;
  created_at: Date;
  family_role: string;
  profile_image_url: string | null;
  family_id: string | null;
};

export function toFamilyMemberDto(row: MemberRow): FamilyMemberDto {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    created_at: row.created_at.toISOString(),
    profile_image_url: row.profile_image_url,
    family_role: row.family_role,
    // Whoever started the family is its admin (docs/decisions/008-invites.md).
    is_admin: row.family_role === "admin",
  };
}

export function toProfileDto(row: MemberRow): ProfileDto {
  return { id: row.id, first_name: row.first_name, last_name: row.last_name, created_at: row.created_at.toISOString(), family_id: row.family_id };
}
