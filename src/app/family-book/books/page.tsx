import type { Metadata } from "next";
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button-variants";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatLongDate } from "@/lib/dates";
import { requireUserOrRedirect } from "@/server/auth/current-user";
import { listBookBuilds } from "@/server/book/book-builds";

export const metadata: Metadata = { title: "Your books" };

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The printed books a member asked for in the last week (docs/product.md §15): each ready one to
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
                    {book.file_name ?? `Book asked for on ${formatLongDate(book.created_at)}`}
                  </CardTitle>
                  {book.status === "ready" && (
                    <CardDescription className="text-base">
                      {book.progress.pages_total} pages, {megabytes(book.byte_size ?? 0)}. Made on {formatLongDate(book.finished_at ?? book.created_at)}; kept until{" "}
                      {formatLongDate(book.expires_at)}.
                    </CardDescription>
                  )}
                  {(book.status === "queued" || book.status === "building") && (
                    <CardDescription className="text-base">
                      Being made: {book.progress.message} ({book.progress.percent}%).
                    </CardDescription>
                  )}
                  {book.status === "failed" && <CardDescription className="text-base">{book.progress.message}</CardDescription>}
                </CardHeader>
                {book.status === "ready" && book.download_url && (
                  <div>
                    <a href={book.download_url} download={book.file_name ?? undefined} className={buttonVariants({ size: "lg" })}>
                      Download the PDF
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
