"use client";

import { useState } from "react";
import { toast } from "sonner";
import { apiRequest } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { listPeople, REACTION_KINDS, reactionAccessibleName, REACTIONS, type ReactionKind } from "@/lib/conversations";
import type { ConversationSummary } from "@/server/conversations/conversation-summaries";
import type { ConversationItem } from "./use-conversation-summaries";

export const itemPath = (item: ConversationItem) => (item.type === "memory" ? `/memories/${item.id}` : `/questionnaires/responses/${item.id}`);

/**
 * The five reactions as toggle buttons (aria-pressed), each named for a screen reader as
 * "Love, 3: Margaret, Olof and you" (docs/product.md §17), with who reacted written out below.
 */
export function ReactionBar({
  item,
  summary,
  viewerId,
  onChange,
  label,
}: {
  item: ConversationItem;
  summary: ConversationSummary | undefined;
  viewerId: string;
  onChange: (summary: ConversationSummary) => void;
  /** What the group is about, for its accessible name: "Reactions to The summer of the flood". */
  label: string;
}) {
  const [busy, setBusy] = useState<ReactionKind | null>(null);
  const reactions = REACTION_KINDS.map((kind) => summary?.reactions.find((reaction) => reaction.kind === kind) ?? { kind, count: 0, people: [], mine: false });

  async function toggle(kind: ReactionKind, mine: boolean) {
    setBusy(kind);
    // PUT to add, DELETE to take back: a second tap before the first is answered lands where it meant to.
    const result = await apiRequest<{ summary: ConversationSummary }>(`${itemPath(item)}/reactions/${kind}`, { method: mine ? "DELETE" : "PUT" });
    setBusy(null);
    if (!result.ok) {
      toast.error("Error", { description: result.error });
      return;
    }
    onChange(result.data.summary);
  }

  const others = (people: { id: string; first_name: string }[]) => people.filter((person) => person.id !== viewerId).map((person) => person.first_name);
  const reacted = reactions.filter((reaction) => reaction.count > 0);

  return (
    <div className="flex flex-col gap-2">
      <div role="group" aria-label={label} className="flex flex-wrap gap-1.5">
        {reactions.map((reaction) => (
          <button
            key={reaction.kind}
            type="button"
            aria-pressed={reaction.mine}
            aria-label={reactionAccessibleName(reaction.kind, others(reaction.people), reaction.mine)}
            disabled={busy !== null || !summary}
            onClick={() => void toggle(reaction.kind, reaction.mine)}
            className={cn(
              "inline-flex min-h-11 min-w-12 items-center justify-center gap-1 rounded-full border px-2.5 text-base tabular-nums",
              "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60",
              reaction.mine ? "border-primary bg-primary/10 font-semibold" : "border-input bg-card hover:bg-accent",
            )}
          >
            <span aria-hidden="true" className="text-lg leading-none">
              {REACTIONS[reaction.kind].emoji}
            </span>
            {/* The word too: an emoji alone means different things to different readers. */}
            <span aria-hidden="true">{REACTIONS[reaction.kind].label}</span>
            {reaction.count > 0 && <span aria-hidden="true">{reaction.count}</span>}
          </button>
        ))}
      </div>
      {reacted.length > 0 && (
        <ul className="flex flex-col gap-0.5 text-base text-muted-foreground" aria-label="Who reacted">
          {reacted.map((reaction) => (
            <li key={reaction.kind}>
              <span aria-hidden="true">{REACTIONS[reaction.kind].emoji} </span>
              {REACTIONS[reaction.kind].label}: {listPeople(others(reaction.people), reaction.mine)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
