"use client";

import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";

export type TaggableMember = { id: string; first_name: string; last_name: string };
/** A plain-text tag: someone who has left the family, kept by name (docs/product.md §18). */
export type FormerTag = { id: string; name: string };

/** "Tag Family Members": everyone in the family but the writer (docs/product.md §2, §5). */
export function TagChecklist({
  members,
  viewerId,
  hasFamily,
  value,
  onChange,
  disabled,
  formerTags = [],
  removedFormerTagIds = [],
  onFormerTagChange,
}: {
  /** null while the family is still loading. */
  members: TaggableMember[] | null;
  viewerId: string;
  hasFamily: boolean;
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  /** The memory's plain-text tags; unticking one takes it off when the memory is saved. */
  formerTags?: FormerTag[];
  removedFormerTagIds?: string[];
  onFormerTagChange?: (id: string, kept: boolean) => void;
}) {
  const others = members?.filter((member) => member.id !== viewerId) ?? [];
  const toggle = (id: string, checked: boolean) => onChange(checked ? [...value, id] : value.filter((item) => item !== id));

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-base font-medium">Tag Family Members</legend>
      {members === null ? (
        <p className="text-muted-foreground">Loading family members...</p>
      ) : !hasFamily || members.length === 0 ? (
        <p className="text-muted-foreground">No family members found to tag.</p>
      ) : others.length === 0 ? (
        <p className="text-muted-foreground">You are the only member in your family group currently.</p>
      ) : (
        <ul className="grid gap-1 sm:grid-cols-2">
          {others.map((member) => {
            const id = `tag-${member.id}`;
            return (
              <li key={member.id} className="flex min-h-11 items-center gap-3">
                <Checkbox id={id} checked={value.includes(member.id)} disabled={disabled} onCheckedChange={(checked) => toggle(member.id, checked === true)} />
                <Label htmlFor={id} className="cursor-pointer">
                  {member.first_name} {member.last_name}
                </Label>
              </li>
            );
          })}
        </ul>
      )}
      {formerTags.length > 0 && (
        <ul className="grid gap-1 sm:grid-cols-2" aria-label="No longer in the family">
          {formerTags.map((tag) => {
            const id = `former-tag-${tag.id}`;
            return (
              <li key={tag.id} className="flex min-h-11 items-center gap-3">
                <Checkbox
                  id={id}
                  checked={!removedFormerTagIds.includes(tag.id)}
                  disabled={disabled}
                  onCheckedChange={(checked) => onFormerTagChange?.(tag.id, checked === true)}
                />
                <Label htmlFor={id} className="cursor-pointer">
                  {tag.name} <span className="text-muted-foreground">(no longer in the family)</span>
                </Label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
