// PATCH  /api/family/members/{id} – the family's admin makes a member admin, or an admin a member again
// DELETE /api/family/members/{id} – the admin removes a member from the family (replacing the invite link), or a member leaves it
import { familyRoleChangeSchema } from "@/lib/schemas/family-circle";
import { changeFamilyRole, removeFromFamily } from "@/server/family/members/family-circle";
import type { MemberRemovalDto } from "@/server/family/members/family-member-dto";
import { listFamilyMembers } from "@/server/family/members/list-family-members";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";

type Params = { id: string };

export const PATCH = authenticatedRoute<Params>(async ({ request, params, user }) => {
  const change = familyRoleChangeSchema.parse(await readJson(request));
  const member = await changeFamilyRole({ viewer: user, memberId: params.id, change });
  return ok({ member });
});

export const DELETE = authenticatedRoute<Params>(async ({ params, user }) => {
  const { family_id, ...outcome } = await removeFromFamily({ viewer: user, memberId: params.id });
  // The caller's family as it is now: the one they leave, or, having left, their new one.
  const familyMembers = await listFamilyMembers({ viewer: params.id === user.id ? { ...user, family_id } : user });
  return ok({ familyMembers, ...outcome } satisfies MemberRemovalDto);
});

export const { GET, HEAD, POST, PUT, OPTIONS } = otherMethods("PATCH", "DELETE");
