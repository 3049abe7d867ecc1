"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { Avatar } from "@/components/ui/avatar";
import { cn } from "@/lib/cn";
import type { FamilyMemberDto } from "@/server/family/members/family-member-dto";

/**
 * "All Family" plus one chip per member. Each is a link, so the choice lives in the URL: it
 * survives a reload and can be sent to a relative.
 */
export function MemberFilter({ members, selected }: { members: FamilyMemberDto[]; selected?: string }) {
  // The open tab is kept when the member changes (tabs update the URL without a navigation).
  const tab = useSearchParams().get("tab") ?? "memories";
  const href = (member?: string) => {
    const query = new URLSearchParams();
    if (member) query.set("member", member);
    if (tab !== "memories") query.set("tab", tab);
    const text = query.toString();
    return text ? `/family-book?${text}` : "/family-book";
  };
  const chip = "inline-flex min-h-11 items-center gap-2 rounded-full border px-3 py-1 font-medium hover:bg-accent";
  const chosen = "border-primary bg-secondary font-semibold underline decoration-2 underline-offset-4";
  return (
    <nav aria-label="Show stories from">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link href={href()} aria-current={selected ? undefined : "true"} className={cn(chip, "px-4", !selected && chosen)}>
            All Family
          </Link>
        </li>
        {members.map((member) => (
          <li key={member.id}>
            <Link href={href(member.id)} aria-current={selected === member.id ? "true" : undefined} className={cn(chip, selected === member.id && chosen)}>
              <Avatar firstName={member.first_name} lastName={member.last_name} imageUrl={null} size="sm" />
              {member.first_name}
              <span className="sr-only"> {member.last_name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
