import type { Metadata } from "next";
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button-variants";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatLongDate } from "@/lib/dates";
import { requireUserOrRedirect } from "@/server/auth/current-user";
import { listBookBuilds } from "@/server/book/book-builds";

export const metadata: Metadata = { title: "Your books" };

const fileSize = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

const PAPER: Record<string, string> = { A4: "A4", LETTER: "US Letter", "6x9": "6 × 9 in" };

/** The choices the book was made with, as the download dialog words them. */
function choicesOf(options: Record<string, string>) {
  const words = [PAPER[options.size ?? "A4"] ?? "A4", options.chapters === "member" ? "a chapter for each family member" : "a chapter for each year"];
  if (options.member) words.push("one member's stories");
  if (options.from || options.to) words.push(`${options.from ? `from ${formatLongDate(options.from)}` : ""} ${options.to ? `to ${formatLongDate(options.to)}` : ""}`.trim());
  return words.join(", ");
}

/**
 * The printed books a member asked for in the last week (docs/product.md §16): each ready one to
 * download, each still being made with how far it is. The "book is ready" email links here.
 */
export default async function YourBooksPage() {
  const user = await requireUserOrRedirect("/family-book/books");
  const books = await listBookBuilds({ viewer: user });
  const making = books.some((book) => book.status === "queued" || book.status === "building");
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Your books</h1>
      <p className="text-muted-foreground">
        The PDF books you made from the Family Book in the last week. Each is kept for a week; make a new one from the{" "}
        <Link href="/family-book" className="font-medium text-primary underline underline-offset-4">
          Family Book
        </Link>{" "}
        whenever you like.
      </p>
      {books.length === 0 && (
        <Card>
          <CardHeader>
            <CardTitle as="h2">No books this week</CardTitle>
            <CardDescription className="text-base">Open the Family Book and choose Download PDF book to make one.</CardDescription>
          </CardHeader>
        </Card>
      )}
      {books.length > 0 && (
        <ul className="flex flex-col gap-4" aria-label="Your books">
          {books.map((book) => (
            <li key={book.id}>
              <Card>
                <CardHeader>
                  <CardTitle as="h2" className="text-xl [overflow-wrap:anywhere]">
                    Family Book of {formatLongDate(book.created_at)}
                  </CardTitle>
                  <CardDescription className="text-base">{choicesOf(book.options)}.</CardDescription>
                  {book.status === "ready" && (
                    <p>
                      {book.progress.pages_total} pages, {fileSize(book.byte_size ?? 0)}. Kept until {formatLongDate(book.expires_at)}.
                    </p>
                  )}
                  {(book.status === "queued" || book.status === "building") && (
                    <p>
                      Being made: {book.progress.message} ({book.progress.percent}%).
                    </p>
                  )}
                  {book.status === "failed" && <p>{book.progress.message}</p>}
                </CardHeader>
                {book.status === "ready" && book.download_url && (
                  <div>
                    <a href={book.download_url} download={book.file_name ?? undefined} className={buttonVariants({ size: "lg" })}>
                      Download the PDF<span className="sr-only"> of {formatLongDate(book.created_at)}</span>
                    </a>
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {making && (
        <p>
          <Link href="/family-book/books" className={buttonVariants({ variant: "outline" })}>
            Check again
          </Link>
        </p>
      )}
    </div>
  );
}
