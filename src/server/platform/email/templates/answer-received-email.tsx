import { Text } from "@react-email/components";
import { z } from "zod";
import { EmailAction, EmailLayout, emailText, type EmailFooter } from "./email-layout";

// "We received your answer" (docs/product.md §15): a storyteller who answered a weekly question
// by replying to its email hears that it arrived, what became of it (shared with the family, or
// kept private), and how to change that with one tap, without a password.

export const answerReceivedEmailProps = z.strictObject({
  firstName: z.string(),
  questionText: z.string(),
  /** The answer's first lines, as it was saved. */
  excerpt: z.string(),
  /** Whether the family can read it now. */
  shared: z.boolean(),
  /** How many photos came with it. */
  photos: z.number().int().min(0),
  /** Whether a recording came with it (docs/decisions/041-voice-recordings.md). */
  recording: z.boolean().default(false),
  /** The question's own answer page, where the same link shares the answer or keeps it private. */
  answerUrl: z.url(),
});

export type AnswerReceivedEmailProps = z.output<typeof answerReceivedEmailProps>;

export const answerReceivedSubject = ({ questionText }: AnswerReceivedEmailProps) => `We received your answer: ${questionText}`;

export function AnswerReceivedEmail(props: AnswerReceivedEmailProps & { unsubscribe: NonNullable<EmailFooter["unsubscribe"]> }) {
  const { firstName, questionText, excerpt, shared, photos, recording, answerUrl, unsubscribe } = props;
  const brought = [recording ? "your recording" : null, photos > 0 ? (photos === 1 ? "its photo" : `its ${photos} photos`) : null].filter(Boolean);
  return (
    <EmailLayout
      preview={`Thank you, ${firstName}. Your answer is saved${shared ? " and shared with your family" : ""}.`}
      heading="We received your answer"
      footer={{ reason: "You are getting this email because you answered a weekly question on Family Book by replying to its email.", unsubscribe }}
    >
      <Text style={emailText}>
        Thank you, {firstName}. Your answer to this question is saved{brought.length > 0 ? `, with ${brought.join(" and ")}` : ""}:
      </Text>
      <Text style={{ ...emailText, fontWeight: 700 }}>{questionText}</Text>
      {excerpt ? (
        <Text style={{ ...emailText, fontStyle: "italic" }}>“{excerpt}”</Text>
      ) : (
        <Text style={emailText}>You told it out loud: your family will hear it in your own voice.</Text>
      )}
      <Text style={emailText}>
        {shared
          ? "It is shared with your family in the Family Book. If you would rather keep it to yourself, the button below makes it private."
          : "It is private: only you can read it. The button below shares it with your family in the Family Book, if you like."}
      </Text>
      <EmailAction href={answerUrl}>{shared ? "Keep it private instead" : "Share it with the family"}</EmailAction>
    </EmailLayout>
  );
}
