import { Text } from "@react-email/components";
import { z } from "zod";
import { EmailAction, EmailLayout, emailText, type EmailFooter } from "./email-layout";

// When a reply to a weekly question could not be used (docs/decisions/022-answers-by-reply.md):
// short, never blaming, with the one-tap link to answer instead. It says nothing about why (the
// reply may not even have come from the recipient), only how to answer.

export const weeklyReplyUnreadableEmailProps = z.strictObject({
  firstName: z.string(),
  questionText: z.string(),
  answerUrl: z.url(),
  validDays: z.number().int().positive(),
  manageUrl: z.url(),
});

export type WeeklyReplyUnreadableEmailProps = z.output<typeof weeklyReplyUnreadableEmailProps>;

export const weeklyReplyUnreadableSubject = ({ questionText }: WeeklyReplyUnreadableEmailProps) => `We couldn't read your reply: ${questionText}`;

export function WeeklyReplyUnreadableEmail(props: WeeklyReplyUnreadableEmailProps & { unsubscribe: NonNullable<EmailFooter["unsubscribe"]> }) {
  const { firstName, questionText, answerUrl, validDays, manageUrl, unsubscribe } = props;
  return (
    <EmailLayout
      preview={`Your answer was not saved. Answer with one tap instead: ${questionText}`}
      heading="We couldn't read your reply"
      footer={{
        reason: `You are getting this email because you get weekly questions on Family Book. You can pause or stop them at ${manageUrl}.`,
        unsubscribe,
      }}
    >
      <Text style={emailText}>Hello {firstName},</Text>
      <Text style={emailText}>
        We got a reply to your weekly question, but we couldn&apos;t save it as your answer. Nothing was saved. The button below opens the question, ready to
        answer, without a password. It works for {validDays} days.
      </Text>
      <Text style={{ ...emailText, fontWeight: 700 }}>{questionText}</Text>
      <EmailAction href={answerUrl}>Answer this question</EmailAction>
    </EmailLayout>
  );
}
