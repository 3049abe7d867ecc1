import { BookOpenIcon, MessageCircleQuestionIcon, NotebookPenIcon } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PRODUCT_NAME } from "@/lib/constants";

/**
 * The Family Book before anything is shared (docs/product.md §2 Family Book): what will appear
 * here and how to share it. There is no PDF to download yet, and the page says so instead of
 * offering a book of one empty page.
 */
export function EmptyFamilyBook() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h1 className="text-3xl font-bold">{PRODUCT_NAME}</h1>
      <Card role="region" aria-labelledby="empty-book-title">
        <CardHeader>
          <span className="mb-1 inline-flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
            <BookOpenIcon aria-hidden="true" className="size-6" />
          </span>
          <CardTitle as="h2" id="empty-book-title" className="text-2xl">
            Nothing has been shared yet
          </CardTitle>
          <CardDescription className="text-base text-foreground">
            Your {PRODUCT_NAME} fills up as your family shares: every memory and every answer someone shares appears here, for the whole family to read, and on
            a timeline of the years.
          </CardDescription>
        </CardHeader>
        <div className="flex flex-col gap-3">
          <h3 className="text-lg font-semibold">How to share</h3>
          <ul className="flex flex-col gap-3">
            <li className="flex items-start gap-3">
              <NotebookPenIcon aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
              <span>
                A memory: switch on <strong>Share with Family</strong> when you write it, or with its switch in My Memories.
              </span>
            </li>
            <li className="flex items-start gap-3">
              <MessageCircleQuestionIcon aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
              <span>
                Answers: choose <strong>Share</strong> after answering a questionnaire, or later under My Completed Questionnaires.
              </span>
            </li>
          </ul>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button asChild size="lg">
            <Link href="/memories/add">Write a memory</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/ask">Answer a question</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/memories">My Memories</Link>
          </Button>
        </div>
      </Card>
      <section aria-labelledby="empty-book-pdf" className="flex flex-col gap-2 rounded-xl border border-dashed p-6">
        <h2 id="empty-book-pdf" className="text-lg font-semibold">
          The PDF book
        </h2>
        <p>Once something is shared, you can download the {PRODUCT_NAME} as a PDF to print at home or to have bound. There is nothing to put in it yet.</p>
      </section>
    </div>
  );
}
