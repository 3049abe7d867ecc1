"use client";

import { clsx } from "clsx";
import { CircleHelpIcon, MailIcon, MessageCircleIcon, UserPlusIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { apiRequest } from "@/lib/api-client";
import { reactionEmoji } from "@/lib/notifications";
import type { NotificationDto } from "@/server/news/notifications/list-notifications";

// The notifications page (docs/product.md §21). Opening an entry marks it read and goes to its
// item; "Mark all as read" clears the bell. Unread entries say so in words and weight, not colour alone.

type Page = { notifications: NotificationDto[]; next_cursor: string | null; unread_count: number };

const when = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", hour: "2-digit", minute: "2-digit", timeZone: "UTC" }).format(new Date(iso));

/** The reaction's emoji, as the reaction buttons show it; an icon for the other kinds. Beside the words, never instead. */
function KindIcon({ entry }: { entry: NotificationDto }) {
  if (entry.reaction) {
    return (
      <span aria-hidden="true" className="w-7 shrink-0 text-center text-2xl leading-7">
        {reactionEmoji(entry.reaction)}
      </span>
    );
  }
  const Icon =
    entry.kind === "member_joined"
      ? UserPlusIcon
      : entry.kind === "follow_up" || entry.kind === "follow_up_answered"
        ? CircleHelpIcon
        : entry.kind === "weekly_answer"
          ? MailIcon
          : MessageCircleIcon;
  return <Icon aria-hidden="true" className="mt-0.5 size-7 shrink-0 text-primary" />;
}

export function NotificationList({ initial }: { initial: Page }) {
  const router = useRouter();
  const [entries, setEntries] = useState(initial.notifications);
  const [cursor, setCursor] = useState(initial.next_cursor);
  const [unread, setUnread] = useState(initial.unread_count);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function markAll() {
    setBusy(true);
    const result = await apiRequest<{ unread_count: number }>("/notifications/read", { method: "POST", json: { all: true } });
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setError(null);
    setUnread(result.data.unread_count);
    setEntries((current) => current.map((entry) => ({ ...entry, read: true })));
    router.refresh();
  }

  async function open(entry: NotificationDto) {
    if (!entry.read) await apiRequest("/notifications/read", { method: "POST", json: { ids: [entry.id] } });
    router.push(entry.href);
    router.refresh();
  }

  async function loadMore() {
    if (!cursor) return;
    setBusy(true);
    const result = await apiRequest<Page>(`/notifications?cursor=${cursor}`);
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setEntries((current) => [...current, ...result.data.notifications]);
    setCursor(result.data.next_cursor);
  }

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Notifications</h1>
        <button
          type="button"
          onClick={() => void markAll()}
          disabled={busy || unread === 0}
          className="inline-flex min-h-11 items-center rounded-md border border-input bg-card px-4 font-medium hover:bg-accent disabled:opacity-60"
        >
          Mark all as read
        </button>
      </div>
      <p className="text-muted-foreground" aria-live="polite">
        {unread === 0 ? "Nothing unread." : `${unread} unread.`}
      </p>
      {error && (
        <p role="alert" className="text-destructive">
          {error}
        </p>
      )}
      {entries.length === 0 ? (
        <p className="rounded-xl border bg-card p-6">No notifications yet. When your family comments on or reacts to what you share, you will see it here.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {entries.map((entry) => (
            <li key={entry.id}>
              <Link
                href={entry.href}
                onClick={(event) => {
                  event.preventDefault();
                  void open(entry);
                }}
                className={clsx(
                  "flex min-h-11 items-start gap-3 rounded-xl border p-4 hover:bg-accent focus-visible:outline-3 focus-visible:outline-ring",
                  entry.read ? "bg-card" : "border-primary bg-accent/40",
                )}
              >
                <KindIcon entry={entry} />
                <span className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className={clsx("break-words", !entry.read && "font-semibold")}>{entry.text}</span>
                  <span className="text-base text-muted-foreground">
                    {!entry.read && <span className="font-semibold text-foreground">Unread · </span>}
                    <time dateTime={entry.created_at}>{when(entry.created_at)}</time>
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {cursor && (
        <button
          type="button"
          onClick={() => void loadMore()}
          disabled={busy}
          className="inline-flex min-h-11 items-center self-center rounded-md border border-input bg-card px-4 font-medium hover:bg-accent"
        >
          Load more notifications
        </button>
      )}
    </>
  );
}
