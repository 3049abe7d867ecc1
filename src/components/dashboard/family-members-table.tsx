import { Avatar } from "@/components/ui/avatar";
import { formatLongDate } from "@/lib/dates";
import { fullName } from "@/lib/people";
import type { FamilyMemberDto } from "@/server/family/members/family-member-dto";
import { AdminAccessSwitch, MemberActions } from "./member-actions";

/**
 * The family-members table of the dashboard (docs/product.md §2); a stacked list on narrow
 * screens. The family's admin gets each member's actions ("The family circle").
 */
export function FamilyMembersTable({ members, viewerId }: { members: FamilyMemberDto[]; viewerId: string }) {
  const viewerIsAdmin = members.some((member) => member.id === viewerId && member.is_admin);
  const admins = members.filter((member) => member.is_admin).length;
  const adminAccess = (member: FamilyMemberDto) => (
    <AdminAccessSwitch member={member} isViewer={member.id === viewerId} viewerIsAdmin={viewerIsAdmin} lastAdmin={member.is_admin && admins === 1} />
  );
  const actions = (member: FamilyMemberDto) => <MemberActions member={member} isViewer={member.id === viewerId} />;
  const nameOf = (member: FamilyMemberDto) => `${fullName(member)}${member.id === viewerId ? " (you)" : ""}`;
  return (
    <section aria-labelledby="members-title" className="flex flex-col gap-4">
      <h2 id="members-title" className="text-2xl font-semibold">
        Family members
      </h2>
      {viewerIsAdmin && (
        <p className="text-base text-muted-foreground">
          As an admin you can give a member admin access with its switch, or remove them from the family. You can turn your own admin access off once someone
          else is admin.
        </p>
      )}

      <table className="hidden w-full border-collapse overflow-hidden rounded-xl border bg-card text-left md:table">
        <thead className="bg-muted">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Member
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Joined
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Family role
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              Admin Access
            </th>
            {viewerIsAdmin && (
              <th scope="col" className="px-4 py-3 font-semibold">
                Actions
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.id} className="border-t">
              <th scope="row" className="px-4 py-3 font-medium">
                <span className="flex items-center gap-3">
                  <Avatar firstName={member.first_name} lastName={member.last_name} imageUrl={member.profile_image_url} size="sm" />
                  {nameOf(member)}
                </span>
              </th>
              <td className="px-4 py-3">{formatLongDate(member.created_at)}</td>
              <td className="px-4 py-3 capitalize">{member.family_role}</td>
              <td className="px-4 py-3">{adminAccess(member)}</td>
              {viewerIsAdmin && <td className="px-4 py-3">{actions(member)}</td>}
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="flex flex-col gap-3 md:hidden">
        {members.map((member) => (
          <li key={member.id} className="flex flex-col gap-3 rounded-xl border bg-card p-4">
            <div className="flex items-center gap-4">
              <Avatar firstName={member.first_name} lastName={member.last_name} imageUrl={member.profile_image_url} size="md" />
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="font-semibold">{nameOf(member)}</span>
                <span className="text-base text-muted-foreground">
                  Joined {formatLongDate(member.created_at)} · <span className="capitalize">{member.family_role}</span>
                </span>
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-medium">Admin Access</span>
              {adminAccess(member)}
            </div>
            {viewerIsAdmin && member.id !== viewerId && actions(member)}
          </li>
        ))}
      </ul>
    </section>
  );
}
