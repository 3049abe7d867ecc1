import type { Metadata } from "next";
import Link from "next/link";
import { DeletePreparedFileButton } from "@/components/prepared-files/delete-prepared-file-button";
import { KeptFilesAllowance } from "@/components/prepared-files/kept-files-allowance";
import { buttonVariants } from "@/components/ui/button-variants";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { describeBookChoices } from "@/lib/book-choices";
import { formatLongDate } from "@/lib/dates";
import { formatFileSize } from "@/lib/file-size";
import { requireUserOrRedirect } from "@/server/accounts/auth/current-user";
import { listBookBuilds } from "@/server/book/print/book-builds";

export const metadata: Metadata = { title: "Your books" };

/**
 * The printed books a member asked for in the last week (docs/product.md §16): each ready one to
 * download, each still being made with how far it is, each to delete; and what they keep of books
 * and exports against what they may keep. The "book is ready" email links here.
 */
export default async function YourBooksPage() {
  const user = await requireUserOrRedirect("/family-book/books");
  const { books, storage } = await listBookBuilds({ viewer: user });
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
      <KeptFilesAllowance storage={storage} />
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
                  <CardDescription className="text-base">{describeBookChoices(book.options)}.</CardDescription>
                  {book.status === "ready" && (
                    <p>
                      {book.progress.pages_total} pages, {formatFileSize(book.byte_size ?? 0)}. Kept until {formatLongDate(book.expires_at)}.
                    </p>
                  )}
                  {(book.status === "queued" || book.status === "building") && (
                    <p>
                      Being made: {book.progress.message} ({book.progress.percent}%).
                    </p>
                  )}
                  {book.status === "failed" && <p>{book.progress.message}</p>}
                </CardHeader>
                <div className="flex flex-wrap gap-3">
                  {book.status === "ready" && book.download_url && (
                    <a href={book.download_url} download={book.file_name ?? undefined} className={buttonVariants({ size: "lg" })}>
                      Download the PDF<span className="sr-only"> of {formatLongDate(book.created_at)}</span>
                    </a>
                  )}
                  <DeletePreparedFileButton
                    path={`/family-book/books/${book.id}`}
                    name={`the book of ${formatLongDate(book.created_at)}`}
                    question="Delete this book?"
                    explanation={
                      book.status === "queued" || book.status === "building"
                        ? "It is removed, and nothing of it is kept. You can ask for another from the Family Book whenever you like."
                        : "Its PDF is deleted for good. You can make a new one from the Family Book whenever you like."
                    }
                  />
                </div>
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
