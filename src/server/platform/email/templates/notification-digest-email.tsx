import { Link, Text } from "@react-email/components";
import { z } from "zod";
import { EmailAction, EmailLayout, emailText, type EmailFooter } from "./email-layout";

// The daily notification digest (docs/product.md §21): the notifications a member has not seen yet
// and has not been emailed, each a sentence linking to its item. At most once a day.

export const notificationDigestEmailProps = z.strictObject({
  firstName: z.string(),
  entries: z.array(z.strictObject({ text: z.string(), url: z.url() })).min(1),
  /** Entries that did not fit in the email. */
  more: z.number().int().min(0),
  notificationsUrl: z.url(),
});

export type NotificationDigestEmailProps = z.output<typeof notificationDigestEmailProps>;

export const notificationDigestSubject = ({ entries, more }: NotificationDigestEmailProps) => {
  const total = entries.length + more;
  return `${total} new notification${total === 1 ? "" : "s"} in your Family Book`;
};

const entryText = { ...emailText, margin: "0 0 12px" } as const;

export function NotificationDigestEmail({
  firstName,
  entries,
  more,
  notificationsUrl,
  unsubscribe,
}: NotificationDigestEmailProps & { unsubscribe: NonNullable<EmailFooter["unsubscribe"]> }) {
  return (
    <EmailLayout
      preview={entries[0]?.text ?? "New notifications in your Family Book"}
      heading="What happened in your Family Book"
      footer={{
        reason:
          "You are getting this email because you have notifications you have not seen yet. It comes at most once a day; choose which kinds it carries in Settings.",
        unsubscribe,
      }}
    >
      <Text style={emailText}>Hello {firstName},</Text>
      {entries.map((entry) => (
        <Text key={entry.url + entry.text} style={entryText}>
          <Link href={entry.url}>{entry.text}</Link>
        </Text>
      ))}
      {more > 0 && <Text style={emailText}>And {more} more.</Text>}
      <EmailAction href={notificationsUrl}>See your notifications</EmailAction>
    </EmailLayout>
  );
}
