import { Avatar } from "@/components/ui/avatar";
import { Switch } from "@/components/ui/switch";
import { formatLongDate } from "@/lib/dates";
import type { FamilyMemberDto } from "@/server/families/family-member-dto";

const ROLE_NOTE = "Role management is not yet implemented with the new API.";

function AdminSwitch({ member }: { member: FamilyMemberDto }) {
  return (
    <Switch
      checked={member.is_admin}
      disabled
      aria-label={`Admin access for ${member.first_name} ${member.last_name}`}
      aria-describedby="role-management-note"
    />
  );
}

/** On a phone the table's column headings are gone, so the switch carries its own visible label. */
function LabelledAdminSwitch({ member }: { member: FamilyMemberDto }) {
  const id = `admin-access-${member.id}`;
  return (
    <div className="flex shrink-0 flex-col items-center gap-1">
      <Switch id={id} checked={member.is_admin} disabled aria-describedby="role-management-note" />
      <label htmlFor={id} className="text-base text-muted-foreground">
        Admin<span className="sr-only"> access for {member.first_name} {member.last_name}</span>
      </label>
    </div>
  );
}

/** The family-members table of the dashboard (docs/product.md §2); a stacked list on narrow screens. */
export function FamilyMembersTable({ members, viewerId }: { members: FamilyMemberDto[]; viewerId: string }) {
  const nameOf = (member: FamilyMemberDto) => `${member.first_name} ${member.last_name}${member.id === viewerId ? " (you)" : ""}`;
  return (
    <section aria-labelledby="members-title" className="flex flex-col gap-4">
      <h2 id="members-title" className="text-2xl font-semibold">
        Family members
      </h2>
      <p id="role-management-note" className="text-base text-muted-foreground">
        Admin Access: {ROLE_NOTE}
      </p>

      <table className="hidden w-full border-collapse overflow-hidden rounded-xl border bg-card text-left md:table">
        <thead className="bg-muted">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">Member</th>
            <th scope="col" className="px-4 py-3 font-semibold">Joined</th>
            <th scope="col" className="px-4 py-3 font-semibold">Family role</th>
            <th scope="col" className="px-4 py-3 font-semibold">Admin Access</th>
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
              <td className="px-4 py-3">
                <AdminSwitch member={member} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="flex flex-col gap-3 md:hidden">
        {members.map((member) => (
          <li key={member.id} className="flex items-center gap-4 rounded-xl border bg-card p-4">
            <Avatar firstName={member.first_name} lastName={member.last_name} imageUrl={member.profile_image_url} size="md" />
            <div className="flex min-w-0 flex-1 flex-col">
              <span className="font-semibold">{nameOf(member)}</span>
              <span className="text-base text-muted-foreground">
                Joined {formatLongDate(member.created_at)} · <span className="capitalize">{member.family_role}</span>
              </span>
            </div>
            <LabelledAdminSwitch member={member} />
          </li>
        ))}
      </ul>
    </section>
  );
}
