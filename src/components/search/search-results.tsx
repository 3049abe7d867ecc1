import { BookOpenIcon, MessageSquareTextIcon } from "lucide-react";
import Link from "next/link";
import { formatLongDate } from "@/lib/dates";
import type { SearchResultDto } from "@/server/search/search-result-dto";
import { HighlightedText } from "./highlighted-text";

/** One page of search results, best match first, each linking to where it is read. */
export function SearchResults({ results }: { results: SearchResultDto[] }) {
  return (
    <ol className="flex flex-col gap-4" aria-label="Results">
      {results.map((result) => (
        <li key={result.id} className="rounded-lg border bg-card p-4 shadow-xs">
          <article className="flex flex-col gap-2">
            <p className="flex flex-wrap items-center gap-x-2 text-base text-muted-foreground">
              {result.kind === "memory" ? <BookOpenIcon aria-hidden="true" className="size-5" /> : <MessageSquareTextIcon aria-hidden="true" className="size-5" />}
              <span className="font-medium text-foreground">{result.kind === "memory" ? "Memory" : `Answer in ${result.questionnaire?.title ?? "a questionnaire"}`}</span>
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
            {result.tagged.length > 0 && (
              <p className="text-base text-muted-foreground">With {result.tagged.map((person) => `${person.first_name} ${person.last_name}`).join(", ")}</p>
            )}
          </article>
        </li>
      ))}
    </ol>
  );
}
