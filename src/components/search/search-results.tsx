import { BookOpenIcon, CircleHelpIcon, MessageCircleIcon, MessageSquareTextIcon } from "lucide-react";
import Link from "next/link";
import { formatLongDate } from "@/lib/dates";
import { fullName } from "@/lib/people";
import type { SearchResultDto } from "@/server/book/search/search-result-dto";
import { HighlightedText } from "./highlighted-text";

function KindIcon({ kind }: { kind: SearchResultDto["kind"] }) {
  const Icon = kind === "memory" ? BookOpenIcon : kind === "answer" ? MessageSquareTextIcon : kind === "comment" ? MessageCircleIcon : CircleHelpIcon;
  return <Icon aria-hidden="true" className="size-5" />;
}

/** What a result is, in words: a memory, an answer, or something said under one. */
function kindLabel(result: SearchResultDto) {
  const under = result.item.type === "memory" ? "a memory" : "an answer";
  if (result.kind === "memory") return "Memory";
  if (result.kind === "answer") return `Answer in ${result.questionnaire?.title ?? "a questionnaire"}`;
  if (result.kind === "comment") return `Comment on ${under}`;
  return `Tell us more, under ${under}`;
}

/** One page of search results, best match first, each linking to where it is read. */
export function SearchResults({ results }: { results: SearchResultDto[] }) {
  return (
    <ol className="flex flex-col gap-4" aria-label="Results">
      {results.map((result) => (
        <li key={result.id} className="flex gap-4 rounded-lg border bg-card p-4 shadow-xs">
          {result.thumbnail_url && (
            // eslint-disable-next-line @next/next/no-img-element -- signed, expiring storage URLs
            <img src={result.thumbnail_url} alt="" loading="lazy" className="aspect-[4/3] w-20 shrink-0 self-start rounded-md border object-cover sm:w-28" />
          )}
          <article className="flex min-w-0 flex-1 flex-col gap-2">
            <p className="flex flex-wrap items-center gap-x-2 text-base text-muted-foreground">
              <KindIcon kind={result.kind} />
              <span className="font-medium text-foreground">{kindLabel(result)}</span>
              <span aria-hidden="true">·</span>
              <span>
                {result.author.first_name} {result.author.last_name}
              </span>
              <span aria-hidden="true">·</span>
              <span>{formatLongDate(result.date)}</span>
              {!result.is_shared && (
                <>
                  <span aria-hidden="true">·</span>
                  <span>Only you can see this</span>
                </>
              )}
            </p>
            <h2 className="text-xl font-semibold">
              <Link href={result.href} className="underline-offset-4 hover:underline focus-visible:underline">
                <HighlightedText pieces={result.title} />
              </Link>
            </h2>
            {result.snippet.length > 0 && (
              <p className="text-base leading-relaxed">
                <HighlightedText pieces={result.snippet} />
              </p>
            )}
            {result.tagged.length > 0 && <p className="text-base text-muted-foreground">With {result.tagged.map((person) => fullName(person)).join(", ")}</p>}
          </article>
        </li>
      ))}
    </ol>
  );
}
