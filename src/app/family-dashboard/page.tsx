import type { Metadata } from "next";
import { InviteLinkCard } from "@/components/dashboard/invite-link-card";
import { FamilyMembersTable } from "@/components/dashboard/family-members-table";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { publicOrigin, requireUserOrRedirect } from "@/server/auth/current-user";
import { listFamilyMembers } from "@/server/families/list-family-members";
import { getFamilyInvite } from "@/server/invites/get-family-invite";

export const metadata: Metadata = { title: "Family Dashboard" };

export default async function FamilyDashboardPage() {
  const user = await requireUserOrRedirect();
  const origin = await publicOrigin();
  const [members, invite] = await Promise.all([
    listFamilyMembers({ viewer: user }),
    user.family_id ? getFamilyInvite({ viewer: user, origin }) : null,
  ]);
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;

  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-3xl font-bold">Family Dashboard</h1>
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-2xl">Welcome {name}</CardTitle>
          <CardDescription className="text-base">You are now logged in to your family dashboard.</CardDescription>
        </CardHeader>
      </Card>
      {invite && (
        <>
          <InviteLinkCard invite={invite} />
          <FamilyMembersTable members={members} viewerId={user.id} />
        </>
      )}
    </div>
  );
}
