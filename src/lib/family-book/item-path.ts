// Where the Family Book shows one shared memory or answer: its author's view of the book (when
// known), on the tab that lists it, scrolled to the item. Notifications, their digest email and
// the waiting questions link to stories this way. A link about one comment or one "Tell us more"
// question names it too (`comment=`, `question=`): the story opens on it, its comments unfolded,
// scrolled to it and marked (docs/product.md §21).

export type ItemFocus = { comment?: string | null; question?: string | null };

export const FOCUS_COMMENT_PARAM = "comment";
export const FOCUS_QUESTION_PARAM = "question";

export function familyBookItemPath(item: { type: "memory" | "answer"; id: string }, authorId?: string | null, focus: ItemFocus = {}) {
  const query = new URLSearchParams();
  if (item.type === "answer") query.set("tab", "responses");
  if (authorId) query.set("member", authorId);
  if (focus.comment) query.set(FOCUS_COMMENT_PARAM, focus.comment);
  else if (focus.question) query.set(FOCUS_QUESTION_PARAM, focus.question);
  const search = query.toString();
  return `/family-book${search ? `?${search}` : ""}#${item.type === "memory" ? "memory" : "answer"}-${item.id}`;
}

/** The comment or question a Family Book address points at, when it points at this item. */
export function focusOn(item: { type: "memory" | "answer"; id: string }, location: { search: string; hash: string }): ItemFocus | null {
  if (location.hash.slice(1) !== `${item.type === "memory" ? "memory" : "answer"}-${item.id}`) return null;
  const query = new URLSearchParams(location.search);
  const comment = query.get(FOCUS_COMMENT_PARAM);
  const question = query.get(FOCUS_QUESTION_PARAM);
  return comment || question ? { comment, question } : null;
}
