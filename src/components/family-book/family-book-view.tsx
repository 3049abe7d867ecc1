"use client";

import { useCallback, useState, type CSSProperties } from "react";
import { toast } from "sonner";
import { Conversation, conversationHint } from "@/components/conversations/conversation";
import { useConversationSummaries, type ConversationSummaries } from "@/components/conversations/use-conversation-summaries";
import { PhotoThumbnails } from "@/components/memories/photo-thumbnails";
import { HeardRecording } from "@/components/recordings/heard-recording";
import { RecordingMark } from "@/components/recordings/recording-player";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { apiRequest } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatLongDate, formatTimelineDate } from "@/lib/dates";
import { mergeTimeline } from "@/lib/family-book/timeline";
import type { ConversationSummary } from "@/server/conversations/conversation-summaries";
import type { MemoryDto } from "@/server/memories/memory-dto";
import type { SharedSubmissionDto } from "@/server/questions/questionnaires/list-shared-submissions";
import { CollapsibleCard } from "./collapsible-card";
import { LoadMore } from "./load-more";
import { MemoryDetails } from "./memory-details";
import { authorName } from "./people";

export type FamilyBookTab = "memories" | "responses" | "timeline";
export type Feed<Item> = { items: Item[]; nextCursor: string | null };

type Props = {
  member?: string;
  initialTab: FamilyBookTab;
  initialMemories: Feed<MemoryDto>;
  /** Null when the page was opened on Shared Memories: the answers are fetched when needed. */
  initialSubmissions: Feed<SharedSubmissionDto> | null;
  /** The comment counts and reactions of the items sent with the page. */
  initialSummaries: ConversationSummary[];
  viewerId: string;
  /** An admin of the family may stop a printed book's codes of any story told out loud, as its author may. */
  viewerIsAdmin?: boolean;
};

type ConversationProps = { summaries: ConversationSummaries; viewerId: string };

/**
 * A card of a long list: the browser lays out and paints only the cards near the screen
 * (content-visibility), which keeps the first page of a big family's book from holding up the
 * page; the cards stay in the document for find-in-page, keyboards and screen readers. The few
 * pixels of padding, taken back by the negative margin, keep the focus ring and shadow inside
 * the box the browser clips to.
 */
const listItem = "-m-1 p-1 [content-visibility:auto] [contain-intrinsic-size:auto_9rem]";

/** The first photo of a memory, shown small on its card. */
const coverOf = (memory: MemoryDto) => memory.memory_photos[0]?.thumbnail_url;

const taggedLine = (memory: MemoryDto) =>
  memory.memory_tags.length > 0 ? `With ${memory.memory_tags.map((tag) => authorName(tag.profiles)).join(", ")}` : null;

function SharedMemoryHeader({ memory }: { memory: MemoryDto }) {
  const tagged = taggedLine(memory);
  return (
    <>
      <span className="flex flex-wrap items-center gap-2">
        <span className="text-lg font-semibold">{memory.title}</span>
        <Badge variant="secondary">Shared</Badge>
      </span>
      <span className="text-muted-foreground">
        by {authorName(memory.profiles)} · {formatLongDate(memory.memory_date)}
      </span>
      {tagged && <span className="text-base text-muted-foreground">{tagged}</span>}
      {memory.recording && <RecordingMark recording={memory.recording} />}
    </>
  );
}

function SubmissionAnswers({
  submission,
  summaries,
  viewerId,
  viewerIsAdmin,
}: { submission: SharedSubmissionDto; viewerIsAdmin: boolean } & ConversationProps) {
  return (
    <dl className="flex flex-col gap-6">
      {submission.responses.map((response) => (
        <div key={response.id} className="flex flex-col gap-3">
          <dt className="font-semibold">{response.questions.question_text}</dt>
          <dd className="flex flex-col gap-3">
            {/* Told out loud with nothing written: the recording beneath is the answer. */}
            {(response.answer_text.trim() || !response.recording) && (
              <span className="whitespace-pre-line">{response.answer_text.trim() || "No answer provided"}</span>
            )}
            {response.recording && (
              <HeardRecording
                recording={response.recording}
                title={response.questions.question_text}
                stopPath={`/questionnaires/responses/${response.id}/recording/listen-code`}
                mayStopCodes={viewerIsAdmin || submission.user_id === viewerId}
              />
            )}
            <PhotoThumbnails title={response.questions.question_text} photos={response.photos} />
            <Conversation
              item={{ type: "answer", id: response.id }}
              title={response.questions.question_text}
              summaries={summaries}
              viewerId={viewerId}
              viewerIsAdmin={viewerIsAdmin}
            />
          </dd>
        </div>
      ))}
      {submission.responses.length === 0 && <p>No answer provided</p>}
    </dl>
  );
}

const responseCount = (submission: SharedSubmissionDto) => `${submission.responses.length} ${submission.responses.length === 1 ? "response" : "responses"}`;

/** The shared answers on their way, or a way to ask for them again if they did not arrive. */
function SubmissionsPending({ loading, onRetry, label }: { loading: boolean; onRetry: () => void; label: string }) {
  if (loading) return <Spinner label={label} />;
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed p-10 text-center">
      <p className="text-lg font-medium">Failed to load shared questionnaire responses. Please try again.</p>
      <Button type="button" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function Empty({ title, text }: { title: string; text?: string }) {
  return (
    <div className="rounded-xl border border-dashed p-10 text-center">
      <p className="text-lg font-medium">{title}</p>
      {text && <p className="mt-1 text-muted-foreground">{text}</p>}
    </div>
  );
}

/** A shared memory opened up, with its reactions and comments below it. */
function SharedMemory({ memory, summaries, viewerId, viewerIsAdmin }: { memory: MemoryDto; viewerIsAdmin: boolean } & ConversationProps) {
  return (
    <div className="flex flex-col gap-4">
      <MemoryDetails memory={memory} mayStopCodes={viewerIsAdmin || memory.user_id === viewerId} />
      <Conversation item={{ type: "memory", id: memory.id }} title={memory.title} summaries={summaries} viewerId={viewerId} viewerIsAdmin={viewerIsAdmin} />
    </div>
  );
}

export function FamilyBookView({ member, initialTab, initialMemories, initialSubmissions, initialSummaries, viewerId, viewerIsAdmin = false }: Props) {
  const [tab, setTab] = useState<FamilyBookTab>(initialTab);
  const [memories, setMemories] = useState(initialMemories);
  const [loadedSubmissions, setSubmissions] = useState(initialSubmissions);
  const submissions = loadedSubmissions ?? { items: [], nextCursor: null };
  const [loading, setLoading] = useState<null | "memories" | "submissions" | "refresh">(null);
  const summaries = useConversationSummaries(
    [
      ...memories.items.map((memory) => ({ type: "memory" as const, id: memory.id })),
      ...submissions.items.flatMap((submission) => submission.responses.map((response) => ({ type: "answer" as const, id: response.id }))),
    ],
    initialSummaries,
  );
  const conversation = { summaries, viewerId };

  const query = useCallback(
    (cursor: string | null) => {
      const params = new URLSearchParams();
      if (member) params.set("member", member);
      if (cursor) params.set("cursor", cursor);
      const text = params.toString();
      return text ? `?${text}` : "";
    },
    [member],
  );

  async function loadMoreMemories() {
    if (loading || !memories.nextCursor) return;
    setLoading("memories");
    const result = await apiRequest<{ memories: MemoryDto[]; next_cursor: string | null }>(`/memories/shared${query(memories.nextCursor)}`);
    setLoading(null);
    if (!result.ok) {
      toast.error("Error", { description: "Failed to fetch shared memories" });
      return;
    }
    setMemories((current) => ({ items: [...current.items, ...result.data.memories], nextCursor: result.data.next_cursor }));
  }

  async function loadSubmissions(cursor: string | null) {
    setLoading(cursor ? "submissions" : "refresh");
    const result = await apiRequest<{ submissions: SharedSubmissionDto[]; next_cursor: string | null }>(`/questionnaires/submissions/shared${query(cursor)}`);
    setLoading(null);
    if (!result.ok) {
      toast.error("Error", { description: "Failed to load shared questionnaire responses. Please try again." });
      return;
    }
    setSubmissions((current) => ({
      items: cursor && current ? [...current.items, ...result.data.submissions] : result.data.submissions,
      nextCursor: result.data.next_cursor,
    }));
  }

  function changeTab(value: string) {
    const next = (["memories", "responses", "timeline"] as const).find((candidate) => candidate === value) ?? "memories";
    setTab(next);
    const url = new URL(window.location.href);
    if (next === "memories") url.searchParams.delete("tab");
    else url.searchParams.set("tab", next);
    window.history.replaceState(null, "", url);
    // docs/product.md §2: selecting the responses tab fetches the shared submissions afresh; the timeline
    // fetches them the first time it needs them.
    if (next === "responses" || (next === "timeline" && loadedSubmissions === null)) void loadSubmissions(null);
  }

  const submissionsPending = loadedSubmissions === null;
  const timeline = mergeTimeline({
    memories: memories.items,
    submissions: submissions.items,
    memoriesComplete: memories.nextCursor === null,
    submissionsComplete: submissions.nextCursor === null,
  });

  return (
    <Tabs value={tab} onValueChange={changeTab}>
      <TabsList aria-label="Family Book sections" className="h-auto flex-col sm:flex-row">
        <TabsTrigger value="memories" className="w-full">
          Shared Memories
        </TabsTrigger>
        <TabsTrigger value="responses" className="w-full">
          Shared Questionnaire Responses
        </TabsTrigger>
        <TabsTrigger value="timeline" className="w-full">
          Timeline
        </TabsTrigger>
      </TabsList>

      <TabsContent value="memories">
        {memories.items.length === 0 ? (
          <Empty title="No shared memories found." />
        ) : (
          <ul className="flex flex-col gap-4">
            {memories.items.map((memory) => (
              <li key={memory.id} className={listItem}>
                <CollapsibleCard
                  headingLevel={2}
                  anchors={[`memory-${memory.id}`]}
                  cover={coverOf(memory)}
                  header={<SharedMemoryHeader memory={memory} />}
                  preview={memory.content}
                  hint={conversationHint(summaries.get({ type: "memory", id: memory.id }))}
                >
                  <SharedMemory memory={memory} viewerIsAdmin={viewerIsAdmin} {...conversation} />
                </CollapsibleCard>
              </li>
            ))}
          </ul>
        )}
        {memories.nextCursor && <LoadMore onLoad={loadMoreMemories} loading={loading === "memories"} label="Load more memories" />}
      </TabsContent>

      <TabsContent value="responses">
        {submissionsPending || (loading === "refresh" && submissions.items.length === 0) ? (
          <SubmissionsPending loading={loading === "refresh"} onRetry={() => void loadSubmissions(null)} label="Loading shared questionnaire responses..." />
        ) : submissions.items.length === 0 ? (
          <Empty title="No shared questionnaire responses yet." />
        ) : (
          <ul className="flex flex-col gap-4" aria-busy={loading === "refresh"}>
            {submissions.items.map((submission) => (
              <li key={submission.id} className={listItem}>
                <CollapsibleCard
                  headingLevel={2}
                  anchors={submission.responses.map((response) => `answer-${response.id}`)}
                  header={
                    <>
                      <span className="text-lg font-semibold">{submission.questionnaires.title}</span>
                      <span className="text-muted-foreground">
                        by {authorName(submission.profiles)} · {formatLongDate(submission.created_at)}
                      </span>
                    </>
                  }
                >
                  <SubmissionAnswers submission={submission} viewerIsAdmin={viewerIsAdmin} {...conversation} />
                </CollapsibleCard>
              </li>
            ))}
          </ul>
        )}
        {submissions.nextCursor && (
          <LoadMore onLoad={() => !loading && void loadSubmissions(submissions.nextCursor)} loading={loading === "submissions"} label="Load more responses" />
        )}
      </TabsContent>

      <TabsContent value="timeline">
        {submissionsPending ? (
          <SubmissionsPending loading={loading === "refresh"} onRetry={() => void loadSubmissions(null)} label="Loading the timeline..." />
        ) : timeline.entries.length === 0 && !timeline.hasMore ? (
          <Empty title="No items for the timeline yet." text="Share memories or complete questionnaires to see them here." />
        ) : (
          // On a wide screen the two sides interleave: each entry starts half an entry below the
          // one before it, on the other side of the line, so the page's width holds two columns
          // of stories instead of one with a gap beside every card (each spans two grid rows,
          // starting one row lower than the one before).
          <ol className="relative flex flex-col gap-6 before:absolute before:top-0 before:bottom-0 before:left-4 before:w-0.5 before:bg-border md:grid md:grid-cols-2 md:gap-x-20 md:gap-y-6 md:before:left-1/2 md:before:-translate-x-1/2">
            {timeline.entries.map((entry, index) => {
              const left = index % 2 === 0;
              const isMemory = entry.kind === "memory";
              const title = isMemory ? entry.memory.title : entry.submission.questionnaires.title;
              const author = authorName(isMemory ? entry.memory.profiles : entry.submission.profiles);
              const date = isMemory ? entry.memory.memory_date : entry.submission.created_at;
              return (
                <li
                  key={`${entry.kind}-${entry.id}`}
                  style={{ "--timeline-row": index + 1 } as CSSProperties}
                  className={cn("relative pl-12 md:pl-0 md:[grid-row:var(--timeline-row)/span_2]", left ? "md:col-start-1" : "md:col-start-2")}
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      "absolute top-6 left-2.5 size-4 rounded-full border-4 border-background bg-primary",
                      left ? "md:-right-10 md:left-auto md:translate-x-1/2" : "md:-left-10 md:-translate-x-1/2",
                    )}
                  />
                  <CollapsibleCard
                    headingLevel={2}
                    cover={isMemory ? coverOf(entry.memory) : undefined}
                    header={
                      <>
                        <span className="flex flex-wrap items-center gap-2">
                          <Badge variant={isMemory ? "default" : "secondary"}>{isMemory ? "Memory" : "Questionnaire"}</Badge>
                          <span className="text-base text-muted-foreground">{formatTimelineDate(date)}</span>
                        </span>
                        <span className="text-lg font-semibold">{title}</span>
                        <span className="text-muted-foreground">by {author}</span>
                        {isMemory && entry.memory.recording && <RecordingMark recording={entry.memory.recording} />}
                      </>
                    }
                    hint={
                      isMemory
                        ? (conversationHint(summaries.get({ type: "memory", id: entry.memory.id })) ?? "Click to expand...")
                        : responseCount(entry.submission)
                    }
                  >
                    {isMemory ? (
                      <SharedMemory memory={entry.memory} viewerIsAdmin={viewerIsAdmin} {...conversation} />
                    ) : (
                      <SubmissionAnswers submission={entry.submission} viewerIsAdmin={viewerIsAdmin} {...conversation} />
                    )}
                  </CollapsibleCard>
                </li>
              );
            })}
          </ol>
        )}
        {timeline.hasMore && (
          <LoadMore
            onLoad={() => {
              if (loading) return;
              if (timeline.limitedBy === "submissions") void loadSubmissions(submissions.nextCursor);
              else void loadMoreMemories();
            }}
            loading={loading === "memories" || loading === "submissions"}
            label="Load earlier stories"
          />
        )}
      </TabsContent>
    </Tabs>
  );
}
