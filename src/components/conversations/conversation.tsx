"use client";

import { CircleHelpIcon, MessageCircleIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { FollowUpRecording } from "@/components/follow-ups/follow-up-recording";
import { handledByScripts } from "@/components/forms/handled-by-scripts";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { apiRequest } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { COMMENT_MAX_LENGTH, commentProblem } from "@/lib/conversations";
import { formatRelativeTime } from "@/lib/dates";
import { focusOn, type ItemFocus } from "@/lib/family-book/item-path";
import { FOLLOW_UP_MAX_LENGTH, followUpProblem } from "@/lib/follow-ups";
import { fullName } from "@/lib/people";
import type { CommentDto } from "@/server/conversations/comments";
import type { AnsweredFollowUp, ConversationSummary } from "@/server/conversations/conversation-summaries";
import { itemPath, ReactionBar } from "./reaction-bar";
import type { ConversationItem, ConversationSummaries } from "./use-conversation-summaries";

const countLabel = (count: number) => (count === 0 ? "Comments" : `Comments (${count})`);

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "2 comments · 3 reactions · 1 question answered", for a closed card; null when there are none. */
export function conversationHint(summary: ConversationSummary | undefined) {
  if (!summary) return null;
  const reactions = summary.reactions.reduce((total, reaction) => total + reaction.count, 0);
  const parts = [
    summary.comment_count > 0 && plural(summary.comment_count, "comment", "comments"),
    reactions > 0 && plural(reactions, "reaction", "reactions"),
    summary.follow_ups.length > 0 && plural(summary.follow_ups.length, "question answered", "questions answered"),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : null;
}

function CommentForm({
  id,
  label,
  initial = "",
  submitLabel,
  onSubmit,
  onCancel,
  problemOf = commentProblem,
  maxLength = COMMENT_MAX_LENGTH,
}: {
  id: string;
  label: string;
  initial?: string;
  submitLabel: string;
  onSubmit: (text: string) => Promise<string | null>;
  onCancel?: () => void;
  /** What is wrong with the text as typed; a comment's rule unless told. */
  problemOf?: (text: string) => string | null;
  maxLength?: number;
}) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const problem = problemOf(text);
    setError(problem);
    if (problem) return;
    setSaving(true);
    const refused = await onSubmit(text);
    setSaving(false);
    setError(refused);
    if (!refused && !onCancel) setText("");
  }

  return (
    <form {...handledByScripts} onSubmit={submit} noValidate className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="min-h-20"
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-base text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function CommentEntry({
  comment,
  focused = false,
  onChanged,
  onRemoved,
}: {
  comment: CommentDto;
  /** The comment a notification led to: scrolled to, given the focus and marked, in words as well. */
  focused?: boolean;
  onChanged: (comment: CommentDto) => void;
  onRemoved: () => void;
}) {
  const id = useId();
  const entry = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!focused) return;
    entry.current?.scrollIntoView({ block: "center" });
    entry.current?.focus({ preventScroll: true });
  }, [focused]);
  const [mode, setMode] = useState<"read" | "edit" | "confirm">("read");
  const name = fullName(comment.author);

  async function save(text: string) {
    const result = await apiRequest<{ comment: CommentDto }>(`/comments/${comment.id}`, { method: "PATCH", json: { body: text } });
    if (!result.ok) return result.fieldErrors?.body?.[0] ?? result.error;
    onChanged(result.data.comment);
    setMode("read");
    return null;
  }

  async function remove() {
    const result = await apiRequest(`/comments/${comment.id}`, {
      method: "DELETE",
    });
    if (!result.ok) {
      toast.error("Error", { description: result.error });
      return;
    }
    toast.success("Comment deleted");
    onRemoved();
  }

  return (
    <li
      ref={entry}
      id={`comment-${comment.id}`}
      tabIndex={focused ? -1 : undefined}
      aria-current={focused ? "true" : undefined}
      className={cn("flex scroll-mt-24 flex-col gap-1 rounded-lg bg-muted/60 p-3 outline-none", focused && "ring-3 ring-primary")}
    >
      {focused && <p className="text-base font-semibold text-primary">The comment you came to see</p>}
      <p className="text-base">
        <span className="font-semibold">{name}</span>{" "}
        <span className="text-muted-foreground">
          · <time dateTime={comment.created_at}>{formatRelativeTime(comment.created_at)}</time>
          {comment.edited && " · edited"}
        </span>
      </p>
      {mode === "edit" ? (
        <CommentForm id={`${id}-edit`} label="Edit your comment" initial={comment.body} submitLabel="Save" onSubmit={save} onCancel={() => setMode("read")} />
      ) : (
        <p className="text-lg break-words whitespace-pre-line">{comment.body}</p>
      )}
      {mode === "confirm" ? (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Delete this comment?">
          <span>Delete this comment?</span>
          <Button type="button" variant="destructive" size="sm" onClick={() => void remove()}>
            Yes, delete
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => setMode("read")}>
            Keep it
          </Button>
        </div>
      ) : (
        mode === "read" &&
        (comment.can_edit || comment.can_remove) && (
          <div className="flex flex-wrap gap-2">
            {comment.can_edit && (
              <Button type="button" variant="ghost" size="sm" className="min-h-11" onClick={() => setMode("edit")}>
                Edit<span className="sr-only"> your comment</span>
              </Button>
            )}
            {comment.can_remove && (
              <Button type="button" variant="ghost" size="sm" className="min-h-11" onClick={() => setMode("confirm")}>
                Delete<span className="sr-only"> the comment by {name}</span>
              </Button>
            )}
          </div>
        )
      )}
    </li>
  );
}

/**
 * "Tell us more" (docs/product.md §22): beside the comment box, a question for the story's author,
 * which waits among their questions until they answer it under the story.
 */
function TellUsMore({ item, authorName }: { item: ConversationItem; authorName: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);

  async function ask(text: string) {
    const result = await apiRequest(`/follow-ups`, {
      json: {
        [item.type === "memory" ? "memory_id" : "answer_id"]: item.id,
        question: text,
      },
    });
    if (!result.ok) return result.fieldErrors?.question?.[0] ?? result.error;
    toast.success("Question sent", {
      description: `${authorName} will find it among their questions from the family.`,
    });
    setSent(true);
    setOpen(false);
    return null;
  }

  return (
    <div className="flex flex-col gap-2">
      <p aria-live="polite" className="text-base">
        {sent && `Your question was sent to ${authorName}. Their answer will show under the story.`}
      </p>
      {open ? (
        <CommentForm
          id={`${id}-question`}
          label={`Your question for ${authorName}`}
          submitLabel="Send question"
          onSubmit={ask}
          onCancel={() => setOpen(false)}
          problemOf={followUpProblem}
          maxLength={FOLLOW_UP_MAX_LENGTH}
        />
      ) : (
        <div>
          <Button type="button" variant="outline" onClick={() => setOpen(true)}>
            <CircleHelpIcon aria-hidden="true" />
            Ask {authorName} to tell us more
          </Button>
        </div>
      )}
    </div>
  );
}

/** The author's answers to the family's follow-up questions, under the story (docs/product.md §22). */
function AnsweredFollowUps({
  followUps,
  title,
  focusedId,
  viewerId,
  viewerIsAdmin,
}: {
  followUps: AnsweredFollowUp[];
  title: string;
  focusedId: string | null;
  viewerId: string;
  viewerIsAdmin: boolean;
}) {
  const focused = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!focusedId) return;
    focused.current?.scrollIntoView({ block: "center" });
    focused.current?.focus({ preventScroll: true });
  }, [focusedId]);
  return (
    <section aria-label={`More about ${title}`} className="flex flex-col gap-3 border-t pt-4">
      <h3 className="text-lg font-semibold">Tell us more</h3>
      <ul className="flex flex-col gap-3">
        {followUps.map((followUp) => (
          <li
            key={followUp.id}
            ref={followUp.id === focusedId ? focused : undefined}
            id={`follow-up-${followUp.id}`}
            tabIndex={followUp.id === focusedId ? -1 : undefined}
            aria-current={followUp.id === focusedId ? "true" : undefined}
            className={cn(
              "flex scroll-mt-24 flex-col gap-1 rounded-lg border-l-4 border-primary/40 bg-muted/40 p-3 outline-none",
              followUp.id === focusedId && "ring-3 ring-primary",
            )}
          >
            {followUp.id === focusedId && <p className="text-base font-semibold text-primary">The question you came to see</p>}
            <p className="text-base">
              <span className="font-semibold">{fullName(followUp.asked_by)} asked:</span>{" "}
              <span className="break-words whitespace-pre-line">{followUp.question}</span>
            </p>
            {/* Told out loud with nothing written: the recording beneath is the answer. */}
            <p className="text-lg">
              {followUp.answer.trim() ? (
                <>
                  <span className="font-semibold">{fullName(followUp.author)} answered:</span>{" "}
                  <span className="break-words whitespace-pre-line">{followUp.answer}</span>
                </>
              ) : (
                <span className="font-semibold">{fullName(followUp.author)} answered out loud:</span>
              )}
            </p>
            <p className="text-base text-muted-foreground">
              <time dateTime={followUp.answered_at}>{formatRelativeTime(followUp.answered_at)}</time>
            </p>
            <FollowUpRecording
              followUpId={followUp.id}
              question={followUp.question}
              initial={followUp.recording}
              isAuthor={followUp.author.id === viewerId}
              viewerId={viewerId}
              viewerIsAdmin={viewerIsAdmin}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The comments, read when opened, a box to add one, and "Tell us more" when the author can be asked. */
function Comments({
  item,
  title,
  askable,
  focusedComment,
  onCountChange,
}: {
  item: ConversationItem;
  title: string;
  /** The author's first name when the viewer may ask them to tell more. */
  askable: string | null;
  focusedComment: string | null;
  onCountChange: (delta: number) => void;
}) {
  const id = useId();
  const [comments, setComments] = useState<CommentDto[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [nextCursor, setNextCursor] = useState<string | null>(null);

  const request = (cursor: string | null) => {
    const query = new URLSearchParams({ limit: "100" });
    if (cursor) query.set("cursor", cursor);
    return apiRequest<{ comments: CommentDto[]; next_cursor: string | null }>(`${itemPath(item)}/comments?${query}`);
  };

  function show(result: Awaited<ReturnType<typeof request>>, cursor: string | null) {
    if (!result.ok) {
      setFailed(true);
      return;
    }
    setFailed(false);
    setComments((current) => [...(cursor ? (current ?? []) : []), ...result.data.comments]);
    setNextCursor(result.data.next_cursor);
  }

  async function load(cursor: string | null) {
    show(await request(cursor), cursor);
  }

  useEffect(() => {
    let current = true;
    void request(null).then((result) => {
      if (current) show(result, null);
    });
    return () => {
      current = false;
    };
    // The item does not change while its comments are open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function add(text: string) {
    const result = await apiRequest<{ comment: CommentDto }>(`${itemPath(item)}/comments`, { json: { body: text } });
    if (!result.ok) return result.fieldErrors?.body?.[0] ?? result.error;
    setComments((current) => [...(current ?? []), result.data.comment]);
    onCountChange(1);
    return null;
  }

  return (
    <div className="flex flex-col gap-3">
      {failed ? (
        <p role="alert">
          Failed to load the comments.{" "}
          <Button type="button" variant="link" onClick={() => void load(null)}>
            Try again
          </Button>
        </p>
      ) : comments === null ? (
        <p className="text-muted-foreground">Loading comments...</p>
      ) : comments.length === 0 ? (
        <p className="text-muted-foreground">No comments yet. Be the first to say something.</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={`Comments on ${title}`}>
          {comments.map((comment) => (
            <CommentEntry
              key={comment.id}
              comment={comment}
              focused={comment.id === focusedComment}
              onChanged={(changed) => setComments((current) => (current ?? []).map((entry) => (entry.id === changed.id ? changed : entry)))}
              onRemoved={() => {
                setComments((current) => (current ?? []).filter((entry) => entry.id !== comment.id));
                onCountChange(-1);
              }}
            />
          ))}
        </ul>
      )}
      {nextCursor && (
        <Button type="button" variant="outline" onClick={() => void load(nextCursor)}>
          Show more comments
        </Button>
      )}
      <CommentForm id={`${id}-new`} label="Add a comment" submitLabel="Post comment" onSubmit={add} />
      {askable && <TellUsMore item={item} authorName={askable} />}
    </div>
  );
}

/**
 * Under a shared memory or answer: its reactions, and its comments behind a button that shows the
 * count (docs/product.md §17).
 */
export function Conversation({
  item,
  title,
  summaries,
  viewerId,
  viewerIsAdmin = false,
}: {
  item: ConversationItem;
  /** The memory's title or the answer's question, to name the reactions and comments by. */
  title: string;
  summaries: ConversationSummaries;
  viewerId: string;
  /** An admin of the family may stop a printed book's codes of the answers under the story. */
  viewerIsAdmin?: boolean;
}) {
  const id = useId();
  const summary = summaries.get(item);
  const [open, setOpen] = useState(false);
  const [focus, setFocus] = useState<ItemFocus | null>(null);
  const count = summary?.comment_count ?? 0;
  const askable = summary?.can_ask_follow_up && summary.author_first_name ? summary.author_first_name : null;

  // Opened from a notification about one of its comments: the comments unfold at once, on it.
  // Read after the first paint, which the server rendered without the address's hash.
  useEffect(() => {
    const found = focusOn(item, window.location);
    if (!found) return;
    const frame = requestAnimationFrame(() => {
      setFocus(found);
      if (found.comment) setOpen(true);
    });
    return () => cancelAnimationFrame(frame);
    // The item does not change while it is shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      {summary && summary.follow_ups.length > 0 && (
        <AnsweredFollowUps followUps={summary.follow_ups} title={title} focusedId={focus?.question ?? null} viewerId={viewerId} viewerIsAdmin={viewerIsAdmin} />
      )}
      <section aria-label={`Reactions and comments: ${title}`} className="flex flex-col gap-3 border-t pt-4">
        <ReactionBar item={item} summary={summary} viewerId={viewerId} onChange={summaries.set} label={`Reactions to ${title}`} />
        <div>
          <Button type="button" variant="outline" aria-expanded={open} aria-controls={`${id}-comments`} onClick={() => setOpen((value) => !value)}>
            <MessageCircleIcon aria-hidden="true" />
            {countLabel(count)}
          </Button>
        </div>
        <div id={`${id}-comments`} hidden={!open}>
          {open && (
            <Comments
              item={item}
              title={title}
              askable={askable}
              focusedComment={focus?.comment ?? null}
              onCountChange={(delta) => summaries.adjustComments(item, delta)}
            />
          )}
        </div>
      </section>
    </>
  );
}
