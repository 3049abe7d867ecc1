import { Link, Section, Text } from "@react-email/components";
import { z } from "zod";
import { MAX_PHOTOS_PER_MEMORY as MAX_PHOTOS } from "@/lib/constants";
import { EmailAction, emailColours, EmailDivider, EmailLayout, emailText, type EmailFooter } from "./email-layout";

// The weekly question (docs/product.md §13): the question, its description, who asked, and one
// large button that opens it on a page made for a phone, no password needed. A reminder is the
// same email, said gently. An earlier question still unanswered rides along, so emails never pile up.

export const weeklyQuestionEmailProps = z.strictObject({
  firstName: z.string(),
  questionText: z.string(),
  questionDescription: z.string().nullable(),
  /** The questionnaire the question comes from. */
  questionnaireTitle: z.string(),
  /** Who set the weekly questions up; null when the recipient did. */
  askedBy: z.string().nullable(),
  answerUrl: z.url(),
  validDays: z.number().int().positive(),
  reminder: z.boolean(),
  /** Whether the answer is shared with the family when saved (the weekly questions' setting). */
  sharedByDefault: z.boolean(),
  /** Last week's question, still unanswered. */
  waiting: z.strictObject({ questionText: z.string(), answerUrl: z.url() }).nullable(),
  manageUrl: z.url(),
  /** Whether replying answers (a reply address, docs/decisions/022-answers-by-reply.md). */
  canReply: z.boolean().default(false),
  /** "Tell us more" questions from the family still waiting for the recipient's answer, oldest first (docs/product.md §22). */
  familyQuestions: z.array(z.strictObject({ askedBy: z.string(), storyTitle: z.string(), questionText: z.string(), answerUrl: z.url() })).default([]),
  /** How many wait in all, when there are more than the email lists. */
  familyQuestionsTotal: z.number().int().nonnegative().default(0),
});

export type WeeklyQuestionEmailProps = z.output<typeof weeklyQuestionEmailProps>;

export const weeklyQuestionSubject = ({ questionText, reminder }: WeeklyQuestionEmailProps) =>
  reminder ? `A gentle reminder: ${questionText}` : `This week's question: ${questionText}`;

const questionStyle = { ...emailText, fontSize: "24px", fontWeight: 700, lineHeight: "1.4", margin: "0 0 12px" } as const;

export function WeeklyQuestionEmail(props: WeeklyQuestionEmailProps & { unsubscribe: NonNullable<EmailFooter["unsubscribe"]> }) {
  const {
    firstName,
    questionText,
    questionDescription,
    questionnaireTitle,
    askedBy,
    answerUrl,
    validDays,
    reminder,
    sharedByDefault,
    waiting,
    manageUrl,
    canReply,
  } = props;
  const { familyQuestions, familyQuestionsTotal, unsubscribe } = props;
  const who = askedBy ? `${askedBy} asked you this question` : "You asked for a question each week";
  return (
    <EmailLayout
      preview={
        reminder ? `Your question is still waiting for you: ${questionText}` : `${askedBy ? `${askedBy} asks` : "This week's question"}: ${questionText}`
      }
      heading={reminder ? "Your question is still waiting" : "This week's question"}
      footer={{
        reason: askedBy
          ? `You are getting this email because ${askedBy} set up weekly questions for you on Family Book. You can pause or stop them at ${manageUrl}.`
          : `You are getting this email because you set up weekly questions on Family Book. You can pause or stop them at ${manageUrl}.`,
        unsubscribe,
      }}
    >
      <Text style={emailText}>Hello {firstName},</Text>
      <Text style={emailText}>
        {reminder
          ? "A few days ago we sent you this question. There is no hurry, but it would be lovely to hear your answer."
          : `${who}, from “${questionnaireTitle}”.`}
      </Text>
      <Section style={{ backgroundColor: emailColours.accent, borderRadius: "12px", padding: "20px", margin: "0 0 24px" }}>
        <Text style={questionStyle}>{questionText}</Text>
        {questionDescription && <Text style={{ ...emailText, margin: 0 }}>{questionDescription}</Text>}
      </Section>
      <EmailAction href={answerUrl}>Answer this question</EmailAction>
      <Text style={emailText}>
        The button opens this one question, ready to answer, without a password. It works for {validDays} days.{" "}
        {sharedByDefault
          ? "Your answer will be shared with your family in the Family Book; you can hide it later."
          : "Your answer stays private unless you choose to share it with your family."}
      </Text>
      {canReply && (
        <Text style={emailText}>
          Or simply reply to this email: what you write above the quoted email becomes your answer, and up to {MAX_PHOTOS} photos attached are kept with it.
        </Text>
      )}
      {waiting && (
        <>
          <EmailDivider />
          <Text style={{ ...emailText, fontWeight: 700 }}>Last week&apos;s question is still waiting too:</Text>
          <Text style={{ ...emailText, margin: "0 0 12px" }}>{waiting.questionText}</Text>
          <EmailAction href={waiting.answerUrl}>Answer last week&apos;s question</EmailAction>
        </>
      )}
      {familyQuestions.length > 0 && (
        <>
          <EmailDivider />
          <Text style={{ ...emailText, fontWeight: 700 }}>Your family asked you to tell more:</Text>
          {familyQuestions.map((question) => (
            <Section key={question.answerUrl} style={{ margin: "0 0 20px" }}>
              <Text style={{ ...emailText, margin: "0 0 4px" }}>
                {question.askedBy} asked about “{question.storyTitle}”:
              </Text>
              <Text style={{ ...emailText, fontStyle: "italic", margin: "0 0 4px" }}>{question.questionText}</Text>
              <Link href={question.answerUrl} style={{ ...emailText, color: emailColours.primary, textDecoration: "underline", margin: 0 }}>
                Answer {question.askedBy}
              </Link>
            </Section>
          ))}
          {familyQuestionsTotal > familyQuestions.length && (
            <Text style={emailText}>
              {familyQuestionsTotal - familyQuestions.length} more {familyQuestionsTotal - familyQuestions.length === 1 ? "question waits" : "questions wait"}{" "}
              for you in Family Book.
            </Text>
          )}
        </>
      )}
    </EmailLayout>
  );
}
