import type { UserDto } from "@/server/accounts/users/user-dto";

/**
 * The WHERE clause for "people this viewer may see": their family, or only themselves when they
 * have none. Never `family_id: null`, which would match every person without a family.
 */
export function sameFamilyAs(viewer: Pick<UserDto, "id" | "family_id">) {
  return viewer.family_id ? { family_id: viewer.family_id } : { id: viewer.id };
}
