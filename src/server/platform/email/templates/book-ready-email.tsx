import { Text } from "@react-email/components";
import { z } from "zod";
import { EmailAction, EmailLayout, emailText } from "./email-layout";

// Sent when a printed Family Book someone asked for is ready (docs/product.md §16): the download
// dialog may have been closed long before. Always sent: it answers what the person just asked for.
// The link opens the list of their books, behind sign-in; the PDF itself never travels by email.

export const bookReadyEmailProps = z.strictObject({
  firstName: z.string(),
  /** The book's title, the family's name. */
  title: z.string(),
  pageCount: z.number().int().nonnegative(),
  /** "November 30, 2026": the last day it can be downloaded. */
  keptUntil: z.string(),
  booksUrl: z.url(),
});

export type BookReadyEmailProps = z.output<typeof bookReadyEmailProps>;

export const bookReadySubject = () => "Your Family Book is ready";

export function BookReadyEmail({ firstName, title, pageCount, keptUntil, booksUrl }: BookReadyEmailProps) {
  const pages = pageCount === 1 ? "1 page" : `${pageCount} pages`;
  return (
    <EmailLayout
      preview={`${title}, ${pages}, is ready to download until ${keptUntil}.`}
      heading="Your Family Book is ready"
      footer={{ reason: "You are getting this email because you asked Family Book to make a PDF book." }}
    >
      <Text style={emailText}>Hello {firstName},</Text>
      <Text style={emailText}>
        The PDF book you asked for, {title} ({pages}), is ready. You can download it until {keptUntil}; after that, make a new one from the Family Book whenever
        you like.
      </Text>
      <EmailAction href={booksUrl}>Download your book</EmailAction>
    </EmailLayout>
  );
}
