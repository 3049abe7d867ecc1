import { Text } from "@react-email/components";
import { z } from "zod";
import { EmailAction, EmailLayout, emailText, type EmailFooter } from "./email-layout";

// Sent to every member of a family when a relative joins it (docs/product.md §11). A member may
// turn these off: the footer carries the unsubscribe link.

export const relativeJoinedEmailProps = z.strictObject({
  firstName: z.string(),
  relativeName: z.string(),
  /** As said in a sentence: "the Hughes family". */
  familyPhrase: z.string(),
  familyBookUrl: z.url(),
});

export type RelativeJoinedEmailProps = z.output<typeof relativeJoinedEmailProps>;

export const relativeJoinedSubject = ({ relativeName }: RelativeJoinedEmailProps) => `${relativeName} joined your Family Book`;

export function RelativeJoinedEmail({
  firstName,
  relativeName,
  familyPhrase,
  familyBookUrl,
  unsubscribe,
}: RelativeJoinedEmailProps & { unsubscribe: NonNullable<EmailFooter["unsubscribe"]> }) {
  return (
    <EmailLayout
      preview={`${relativeName} is now part of ${familyPhrase} on Family Book.`}
      heading={`${relativeName} joined ${familyPhrase}`}
      footer={{ reason: "You are getting this email because you are a member of this family on Family Book.", unsubscribe }}
    >
      <Text style={emailText}>Hello {firstName},</Text>
      <Text style={emailText}>
        {relativeName} has joined {familyPhrase} on Family Book. The memories and answers they share will appear in your Family Book.
      </Text>
      <Text style={emailText}>Why not write a memory you share with {relativeName}?</Text>
      <EmailAction href={familyBookUrl}>Open the Family Book</EmailAction>
    </EmailLayout>
  );
}
