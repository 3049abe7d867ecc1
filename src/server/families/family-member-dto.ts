// A family member as the dashboard and the tag lists show them (docs/product.md §3 Profile / family member).

export type FamilyMemberDto = {
  id: string;
  first_name: string;
  last_name: string;
  created_at: string;
  /** Profile photos are not uploaded yet: always null. */
  profile_image_url: string | null;
  family_role: string;
  is_admin: boolean;
};

export type ProfileDto = {
  id: string;
  first_name: string;
  last_name: string;
  created_at: string;
  family_id: string | null;
};

export const memberSelect = {
  id: true,
  first_name: true,
  last_name: true,
  created_at: true,
  family_role: true,
  profile_image_url: true,
  family_id: true,
} as const;

type MemberRow = { id: string; first_name: string; last_name: string; created_at: Date; family_role: string; profile_image_url: string | null; family_id: string | null };

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
