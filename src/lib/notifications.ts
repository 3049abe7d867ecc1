import { REACTIONS, type ReactionKind } from "./conversations";

// Notifications (docs/product.md §21): the kinds, their names on the Settings page, and the
// sentences the bell's list says. No zod here, so that the header and the list stay small.

export const NOTIFICATION_KINDS = ["comment", "reply", "reaction", "follow_up", "follow_up_answered", "weekly_answer", "member_joined"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationKindTexts: Record<NotificationKind, { label: string; description: string }> = {
  comment: { label: "Comments", description: "Someone comments on a memory or answer of yours." },
  reply: { label: "Replies", description: "Someone comments after you on a memory or answer." },
  reaction: { label: "Reactions", description: "Someone reacts to a memory or answer of yours." },
  follow_up: { label: "Follow-up questions", description: "Someone asks you to tell more about a memory or answer." },
  follow_up_answered: { label: "Answers to your questions", description: "Someone answers a question you asked them to tell more about." },
  weekly_answer: { label: "Weekly answers", description: "Someone answers a weekly question you set up for them." },
  member_joined: { label: "Relatives joining", description: "Someone joins your family. Its email is the “New relatives” email under Emails." },
};

/** The most notifications one page answers, and the most ids one "mark read" takes. */
export const NOTIFICATIONS_MAX_IDS = 100;

/** A reaction as a verb: "Olof loved …", "Olof and 2 others were surprised by …". */
const reactionVerbs: Record<ReactionKind, { one: string; many: string }> = {
  love: { one: "loved", many: "loved" },
  laugh: { one: "laughed at", many: "laughed at" },
  wow: { one: "was surprised by", many: "were surprised by" },
  thanks: { one: "said thanks for", many: "said thanks for" },
  applause: { one: "applauded", many: "applauded" },
};

/** "Olof", "Olof and Margaret", "Olof and 2 others": the newest first. */
export function actorsPhrase(names: string[], total: number) {
  const [first, second] = names;
  if (total <= 1) return first ?? "Someone";
  if (total === 2 && second) return `${first} and ${second}`;
  return `${first} and ${total - 1} others`;
}

export type NotificationSentenceInput = {
  kind: NotificationKind;
  actorNames: string[];
  actorCount: number;
  reaction: ReactionKind | null;
  itemTitle: string | null;
};

/** What one entry of the list says, the item's title in curly quotes. */
export function notificationSentence({ kind, actorNames, actorCount, reaction, itemTitle }: NotificationSentenceInput) {
  const who = actorsPhrase(actorNames, actorCount);
  const title = `“${itemTitle ?? ""}”`;
  switch (kind) {
    case "comment":
      return `${who} commented on ${title}`;
    case "reply":
      return `${who} replied on ${title}`;
    case "reaction": {
      const verb = reactionVerbs[reaction ?? "love"];
      return `${who} ${actorCount > 1 ? verb.many : verb.one} ${title}`;
    }
    case "follow_up":
      return `${who} asked you to tell more about ${title}`;
    case "follow_up_answered":
      return `${who} answered your question about ${title}`;
    case "weekly_answer":
      // Without an item, the answer is private: its words stay with its author.
      return itemTitle === null
        ? `${who} answered this week's question, and is keeping the answer private for now`
        : `${who} answered this week's question: ${title}`;
    case "member_joined":
      return `${who} joined your family`;
  }
}

/** The reaction's emoji, for the list (beside the sentence, never instead of it). */
export const reactionEmoji = (kind: ReactionKind) => REACTIONS[kind].emoji;

/** The bell's accessible name: "Notifications, 3 unread". */
export const bellLabel = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : "Notifications, none unread");
