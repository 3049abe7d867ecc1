import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { conversationHint } from "@/components/conversations/conversation";
import { ReactionBar } from "@/components/conversations/reaction-bar";
import { formatRelativeTime } from "@/lib/dates";
import { listPeople, REACTION_KINDS } from "@/lib/schemas/conversations";
import type { ConversationSummary } from "@/server/conversations/conversation-summaries";

// What a reader sees and hears of a conversation (docs/product.md §17).

const now = new Date("2026-11-23T12:00:00.000Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe("when a comment was written", () => {
  it("is said as people say it, then as a date after a week", () => {
    expect(formatRelativeTime(ago(0), now)).toBe("just now");
    expect(formatRelativeTime(ago(59), now)).toBe("just now");
    expect(formatRelativeTime(ago(60), now)).toBe("1 minute ago");
    expect(formatRelativeTime(ago(5 * 60 + 30), now)).toBe("5 minutes ago");
    expect(formatRelativeTime(ago(3 * 3600), now)).toBe("3 hours ago");
    expect(formatRelativeTime(ago(26 * 3600), now)).toBe("yesterday");
    expect(formatRelativeTime(ago(4 * 86400), now)).toBe("4 days ago");
    expect(formatRelativeTime(ago(7 * 86400), now)).toBe("November 16, 2026");
    // A clock a little ahead of the server's does not say "in 2 seconds".
    expect(formatRelativeTime(ago(-2), now)).toBe("just now");
  });
});

const person = (id: string, first_name: string) => ({ id, first_name, last_name: "Hughes" });

const summary = (
  overrides: Partial<Record<(typeof REACTION_KINDS)[number], { id: string; first_name: string; last_name: string }[]>>,
  comments = 0,
): ConversationSummary => ({
  item_type: "memory",
  item_id: "00000000-0000-4000-8000-000000000001",
  comment_count: comments,
  follow_ups: [],
  can_ask_follow_up: true,
  author_first_name: "Margaret",
  reactions: REACTION_KINDS.map((kind) => {
    const people = overrides[kind] ?? [];
    return { kind, count: people.length, people, mine: people.some((entry) => entry.id === "me") };
  }),
});

describe("the reactions of an item", () => {
  it("name each button by its reaction, count and people, the reader last as you, pressed when theirs", () => {
    const html = renderToStaticMarkup(
      <ReactionBar
        item={{ type: "memory", id: "m" }}
        viewerId="me"
        label="Reactions to The flood"
        onChange={() => {}}
        summary={summary({ love: [person("a", "Margaret"), person("me", "Olof"), person("b", "Olof")], laugh: [person("a", "Margaret")] })}
      />,
    );
    expect(html).toMatch(/aria-pressed="true" aria-label="Love, 3: Margaret, Olof and you"/);
    expect(html).toMatch(/aria-pressed="false" aria-label="Laughter, 1: Margaret"/);
    expect(html).toMatch(/aria-pressed="false" aria-label="Applause, 0"/);
    expect(html).toContain("Margaret, Olof and you");
  });

  it("list people with commas and a last and", () => {
    expect(listPeople([], false)).toBe("");
    expect(listPeople([], true)).toBe("you");
    expect(listPeople(["Margaret"], true)).toBe("Margaret and you");
    expect(listPeople(["Margaret", "Olof", "Tom"], false)).toBe("Margaret, Olof and Tom");
  });

  it('sum up on a closed card as "2 comments · 3 reactions", and say nothing when there is nothing', () => {
    expect(conversationHint(summary({ love: [person("a", "M"), person("b", "O")], wow: [person("a", "M")] }, 2))).toBe("2 comments · 3 reactions");
    expect(conversationHint(summary({ thanks: [person("a", "M")] }, 1))).toBe("1 comment · 1 reaction");
    expect(conversationHint(summary({}, 0))).toBeNull();
    // Answered "Tell us more" questions count too, so a closed card says the story grew.
    const answered = {
      id: "f1",
      question: "Who taught you?",
      answer: "My father.",
      answered_at: "2026-11-24T10:00:00.000Z",
      asked_by: person("b", "O"),
      author: person("a", "M"),
      recording: null,
    };
    expect(conversationHint({ ...summary({}, 1), follow_ups: [answered] })).toBe("1 comment · 1 question answered");
    expect(conversationHint({ ...summary({}, 0), follow_ups: [answered, { ...answered, id: "f2" }] })).toBe("2 questions answered");
    expect(conversationHint(undefined)).toBeNull();
  });
});
