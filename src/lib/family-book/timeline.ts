// The Family Book timeline: shared memories and shared answers merged, newest first. Both feeds
// arrive a page at a time, so an item is only shown once nothing older-looking can still arrive
// ahead of it from the other feed.

export type TimelineSource<Memory, Submission> = {
  memories: Memory[];
  submissions: Submission[];
  memoriesComplete: boolean;
  submissionsComplete: boolean;
};

export type TimelineEntry<Memory, Submission> =
  { kind: "memory"; id: string; at: string; memory: Memory } | { kind: "questionnaire"; id: string; at: string; submission: Submission };

type MemoryLike = { id: string; memory_date: string };
type SubmissionLike = { id: string; created_at: string };

/** When a memory happened: its calendar day, placed at midnight UTC. */
const memoryTime = (memory: MemoryLike) => `${memory.memory_date}T00:00:00.000Z`;

export function mergeTimeline<Memory extends MemoryLike, Submission extends SubmissionLike>(source: TimelineSource<Memory, Submission>) {
  const entries: TimelineEntry<Memory, Submission>[] = [
    ...source.memories.map((memory) => ({ kind: "memory" as const, id: memory.id, at: memoryTime(memory), memory })),
    ...source.submissions.map((submission) => ({
      kind: "questionnaire" as const,
      id: submission.id,
      at: new Date(submission.created_at).toISOString(),
      submission,
    })),
  ].sort((a, b) => (a.at === b.at ? a.id.localeCompare(b.id) : a.at < b.at ? 1 : -1));

  // The oldest item loaded so far from each feed that has more to give: nothing older than the
  // newer of those can be placed yet.
  const horizons = [
    !source.memoriesComplete && source.memories.length > 0 ? memoryTime(source.memories.at(-1)!) : null,
    !source.submissionsComplete && source.submissions.length > 0 ? new Date(source.submissions.at(-1)!.created_at).toISOString() : null,
  ].filter((value): value is string => value !== null);
  const horizon = horizons.length > 0 ? horizons.reduce((a, b) => (a > b ? a : b)) : null;
  const visible = horizon ? entries.filter((entry) => entry.at >= horizon) : entries;

  /** Which feed to load next to show more of the timeline. */
  const limitedBy: "memories" | "submissions" | null = !horizon
    ? null
    : !source.memoriesComplete && source.memories.length > 0 && memoryTime(source.memories.at(-1)!) === horizon
      ? "memories"
      : "submissions";

  return { entries: visible, hasMore: !source.memoriesComplete || !source.submissionsComplete, limitedBy };
}
