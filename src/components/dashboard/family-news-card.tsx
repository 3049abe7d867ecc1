import { BookOpenIcon, MessageSquareQuoteIcon } from "lucide-react";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatRelativeTime } from "@/lib/dates";
import { fullName } from "@/lib/people";
import type { FamilyNewsItem } from "@/server/family/dashboard/family-news";

/**
 * "New from your family" (docs/product.md §2): the latest stories and answers relatives shared,
 * first on the dashboard, each with its photo, who wrote it and its opening lines; what is new
 * since the last look says "New" in words. Each leads to its place in the Family Book.
 */
export function FamilyNewsCard({ items }: { items: FamilyNewsItem[] }) {
  const fresh = items.filter((item) => item.is_new).length;
  return (
    <Card role="region" aria-labelledby="family-news-title">
      <CardHeader>
        <CardTitle as="h2" id="family-news-title" className="text-2xl">
          New from your family
        </CardTitle>
        <CardDescription className="text-base">
          {items.length === 0
            ? "Nothing shared by your relatives yet. When someone shares a story or an answer, it appears here."
            : fresh > 0
              ? `${fresh} new since you last looked.`
              : "The latest stories and answers your relatives shared."}
        </CardDescription>
      </CardHeader>
      {items.length > 0 && (
        <ul className="flex flex-col gap-3">
          {items.map((item) => (
            <li key={`${item.kind}-${item.id}`}>
              <Link
                href={item.href}
                className="flex gap-4 rounded-lg border p-3 hover:bg-accent/50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {item.thumbnail_url ? (
                  // eslint-disable-next-line @next/next/no-img-element -- signed, expiring storage URLs
                  <img src={item.thumbnail_url} alt="" loading="lazy" className="aspect-[4/3] w-20 shrink-0 rounded-md border object-cover sm:w-28" />
                ) : (
                  <span aria-hidden="true" className="flex aspect-[4/3] w-20 shrink-0 items-center justify-center rounded-md border bg-muted sm:w-28">
                    {item.kind === "memory" ? (
                      <BookOpenIcon className="size-7 text-muted-foreground" />
                    ) : (
                      <MessageSquareQuoteIcon className="size-7 text-muted-foreground" />
                    )}
                  </span>
                )}
                <span className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="text-lg font-semibold break-words">{item.title}</span>
                    {item.is_new && <Badge>New</Badge>}
                  </span>
                  <span className="text-base text-muted-foreground">
                    {item.kind === "memory" ? "A story" : "An answer"} by {fullName(item.author)} ·{" "}
                    <time dateTime={item.at}>{formatRelativeTime(item.at)}</time>
                  </span>
                  <span className="line-clamp-2 text-base break-words">{item.excerpt}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link href="/family-book" className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4">
          Open the Family Book
        </Link>
      </p>
    </Card>
  );
}
