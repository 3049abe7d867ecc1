// Where the Family Book shows one shared memory or answer: its author's view of the book (when
// known), on the tab that lists it, scrolled to the item. Notifications, their digest email and
// the waiting questions link to stories this way.

export function familyBookItemPath(item: { type: "memory" | "answer"; id: string }, authorId?: string | null) {
  const member = authorId ? `member=${authorId}` : "";
  if (item.type === "memory") return `/family-book${member ? `?${member}` : ""}#memory-${item.id}`;
  return `/family-book?tab=responses${member ? `&${member}` : ""}#answer-${item.id}`;
}
