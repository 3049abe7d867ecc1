"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { apiRequest } from "@/lib/api-client";
import { SUMMARY_MAX_ITEMS } from "@/lib/conversations";
import type { ConversationSummary } from "@/server/conversations/conversation-summaries";

export type ConversationItem = { type: "memory" | "answer"; id: string };
const keyOf = (item: ConversationItem) => `${item.type}:${item.id}`;

/**
 * The comment counts and reactions of the items a list shows: those the server sent with the page,
 * and for every page loaded after it, one request for all its items (never one per item).
 */
export function useConversationSummaries(items: ConversationItem[], initial: ConversationSummary[] = []) {
  const [summaries, setSummaries] = useState(() => new Map(initial.map((summary) => [`${summary.item_type}:${summary.item_id}`, summary])));
  const asked = useRef(new Set(initial.map((summary) => `${summary.item_type}:${summary.item_id}`)));
  const wanted = items.map(keyOf).join(",");

  useEffect(() => {
    const missing = wanted
      .split(",")
      .filter((key) => key && !asked.current.has(key))
      .slice(0, SUMMARY_MAX_ITEMS);
    if (missing.length === 0) return;
    for (const key of missing) asked.current.add(key);
    const params = new URLSearchParams();
    for (const key of missing) {
      const [type, id] = key.split(":");
      params.append(type!, id!);
    }
    void apiRequest<{ summaries: ConversationSummary[] }>(`/conversations?${params}`).then((result) => {
      if (!result.ok) return;
      setSummaries((current) => {
        const next = new Map(current);
        for (const summary of result.data.summaries) next.set(`${summary.item_type}:${summary.item_id}`, summary);
        return next;
      });
    });
  }, [wanted]);

  const get = useCallback((item: ConversationItem) => summaries.get(keyOf(item)), [summaries]);
  const set = useCallback(
    (summary: ConversationSummary) => setSummaries((current) => new Map(current).set(`${summary.item_type}:${summary.item_id}`, summary)),
    [],
  );
  /** A comment added (1) or removed (-1), counted at once. */
  const adjustComments = useCallback(
    (item: ConversationItem, delta: number) =>
      setSummaries((current) => {
        const summary = current.get(keyOf(item));
        if (!summary) return current;
        return new Map(current).set(keyOf(item), { ...summary, comment_count: Math.max(0, summary.comment_count + delta) });
      }),
    [],
  );
  return { get, set, adjustComments };
}

export type ConversationSummaries = ReturnType<typeof useConversationSummaries>;
