import { BookOpenIcon, HelpCircleIcon, HistoryIcon, MessageCircleQuestionIcon, NotebookPenIcon, PrinterIcon } from "lucide-react";
import Link from "next/link";
import { signInItem } from "@/components/layout/menu-items";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LinkPending } from "@/components/ui/link-pending";
import { FAMILY_BOOK_PATH, PRODUCT_NAME } from "@/lib/constants";

const REGISTER_TAB = "/register?tab=register";
const SIGN_IN = signInItem("/");

const features = [
  {
    title: "Ask Questions",
    description: "Use our question library, or write your own, to draw out the stories your relatives have never told.",
    icon: MessageCircleQuestionIcon,
  },
  {
    title: "Capture Stories",
    description: "Write memories with a date, the story in your own words, up to five photos and the relatives who were there.",
    icon: NotebookPenIcon,
  },
  {
    title: "Share History",
    description: "Choose what to share, and the whole family reads it together as one book and one timeline.",
    icon: HistoryIcon,
  },
];

/**
 * The landing page (docs/product.md §1, §2 "Landing"): served at / and at /ask. Someone not
 * signed in is offered Sign in beside the main buttons, and "Start Creating Your Family Book"
 * leads them to register rather than to a page that would turn them away.
 */
export function LandingPage({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="flex flex-col gap-16">
      <section aria-labelledby="landing-title" className="flex flex-col items-center gap-6 pt-6 text-center">
        <h1 id="landing-title" className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
          Preserve Your Family&apos;s Legacy
        </h1>
        <p className="max-w-2xl text-lg text-muted-foreground text-balance sm:text-xl">
          Capture memories, stories and wisdom from your family members through questions and conversations.
        </p>
        <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg">
            <Link href="/ask">
              <HelpCircleIcon aria-hidden="true" />
              Ask a Question
              <LinkPending />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/memories">
              View Memories
              <LinkPending />
            </Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link href={signedIn ? FAMILY_BOOK_PATH : REGISTER_TAB}>
              Start Creating Your {PRODUCT_NAME}
              <LinkPending />
            </Link>
          </Button>
        </div>
        {!signedIn && (
          <p className="text-lg">
            Already have an account?{" "}
            <Link href={SIGN_IN.href} className="inline-flex min-h-11 items-center rounded-md px-1 font-semibold text-primary underline underline-offset-4">
              {SIGN_IN.label}
            </Link>
          </p>
        )}
      </section>

      <section aria-labelledby="features-title">
        <h2 id="features-title" className="sr-only">
          What you can do
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {features.map(({ title, description, icon: Icon }) => (
            <li key={title}>
              <Card className="h-full">
                <CardHeader>
                  <span className="mb-2 inline-flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <CardTitle>{title}</CardTitle>
                  <CardDescription>{description}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="create-title" className="flex flex-col gap-6">
        <div className="text-center">
          <h2 id="create-title" className="text-3xl font-bold tracking-tight">
            Create Your {PRODUCT_NAME}
          </h2>
          <p className="mt-2 text-muted-foreground">Turn what your family has shared into a book to keep.</p>
        </div>
        <ul className="grid gap-6 md:grid-cols-2">
          <li>
            <Card className="h-full">
              <CardHeader>
                <span className="mb-2 inline-flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
                  <BookOpenIcon aria-hidden="true" className="size-6" />
                </span>
                <CardTitle>Digital PDF Book</CardTitle>
                <CardDescription>A formatted PDF of your family&apos;s memories and stories, ready to share.</CardDescription>
              </CardHeader>
              <div className="mt-auto">
                <Button asChild variant="outline">
                  <Link href={FAMILY_BOOK_PATH}>Open the {PRODUCT_NAME}</Link>
                </Button>
              </div>
            </Card>
          </li>
          <li>
            <Card className="h-full">
              <CardHeader>
                <span className="mb-2 inline-flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
                  <PrinterIcon aria-hidden="true" className="size-6" />
                </span>
                <CardTitle className="flex flex-wrap items-center gap-3">
                  Physical Printed Book <Badge variant="secondary">Coming soon</Badge>
                </CardTitle>
                <CardDescription>A professionally printed hardcover of your {PRODUCT_NAME}.</CardDescription>
              </CardHeader>
            </Card>
          </li>
        </ul>
      </section>
    </div>
  );
}
