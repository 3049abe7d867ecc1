import { Column, Heading, Img, Link, Row, Section, Text } from "@react-email/components";
import { z } from "zod";
import { EmailAction, emailColours, EmailDivider, EmailLayout, emailText, type EmailFooter } from "./email-layout";

// The weekly family digest (docs/product.md §14): what the rest of the family shared since the
// last one — memories with their author and a small picture, answers with their question — and
// links into the Family Book. Pictures travel inside the email (cid:), since photos are private.

export const weeklyDigestEmailProps = z.strictObject({
  firstName: z.string(),
  memories: z.array(
    z.strictObject({
      title: z.string(),
      author: z.string(),
      /** The content id of the memory's first photo's thumbnail, attached to the email; null without a photo. */
      imageCid: z.string().nullable(),
    }),
  ),
  /** Memories shared that did not fit in the email. */
  moreMemories: z.number().int().min(0),
  answers: z.array(z.strictObject({ author: z.string(), questionText: z.string(), answerText: z.string() })),
  moreAnswers: z.number().int().min(0),
  memoriesUrl: z.url(),
  answersUrl: z.url(),
});

export type WeeklyDigestEmailProps = z.output<typeof weeklyDigestEmailProps>;

export const weeklyDigestSubject = () => "This week in the Family Book";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The longest piece of an answer the email shows; the rest is a click away. */
export const ANSWER_EXCERPT_LENGTH = 280;

const sectionHeading = { color: emailColours.text, fontSize: "22px", fontWeight: 700, lineHeight: "1.3", margin: "0 0 16px" } as const;
const itemTitle = { ...emailText, fontSize: "20px", fontWeight: 700, lineHeight: "1.4", margin: "0 0 4px" } as const;
const byline = { ...emailText, color: emailColours.muted, margin: "0 0 20px" } as const;

export function WeeklyDigestEmail(props: WeeklyDigestEmailProps & { unsubscribe: NonNullable<EmailFooter["unsubscribe"]> }) {
  const { firstName, memories, moreMemories, answers, moreAnswers, memoriesUrl, answersUrl, unsubscribe } = props;
  const memoryTotal = memories.length + moreMemories;
  const answerTotal = answers.length + moreAnswers;
  const summary = [memoryTotal > 0 && count(memoryTotal, "new memory", "new memories"), answerTotal > 0 && count(answerTotal, "new answer", "new answers")]
    .filter(Boolean)
    .join(" and ");
  return (
    <EmailLayout
      preview={`Your family shared ${summary} this week.`}
      heading="This week in the Family Book"
      footer={{
        reason:
          "You are getting this email because you are a member of a family on Family Book. It comes once a week, only when your family shared something new.",
        unsubscribe,
      }}
    >
      <Text style={emailText}>Hello {firstName},</Text>
      <Text style={emailText}>Your family shared {summary} since we last wrote.</Text>
      {memories.length > 0 && (
        <>
          <Heading as="h2" style={sectionHeading}>
            New memories
          </Heading>
          {memories.map((memory, index) => (
            <Section key={index} style={{ margin: "0 0 8px" }}>
              <Row>
                {memory.imageCid && (
                  <Column style={{ width: "112px", verticalAlign: "top", paddingRight: "16px" }}>
                    <Img src={`cid:${memory.imageCid}`} alt={memory.title} width="96" style={{ borderRadius: "8px", maxWidth: "96px", height: "auto" }} />
                  </Column>
                )}
                <Column style={{ verticalAlign: "top" }}>
                  <Text style={itemTitle}>
                    <Link href={memoriesUrl} style={{ color: emailColours.primary, textDecoration: "underline" }}>
                      {memory.title}
                    </Link>
                  </Text>
                  <Text style={byline}>Shared by {memory.author}</Text>
                </Column>
              </Row>
            </Section>
          ))}
          {moreMemories > 0 && <Text style={emailText}>And {count(moreMemories, "more memory", "more memories")} in the Family Book.</Text>}
          <EmailAction href={memoriesUrl}>See the memories</EmailAction>
        </>
      )}
      {memories.length > 0 && answers.length > 0 && <EmailDivider />}
      {answers.length > 0 && (
        <>
          <Heading as="h2" style={sectionHeading}>
            New answers
          </Heading>
          {answers.map((answer, index) => (
            <Section key={index} style={{ margin: "0 0 8px" }}>
              <Text style={itemTitle}>{answer.questionText}</Text>
              <Text style={{ ...emailText, margin: "0 0 4px" }}>{answer.answerText}</Text>
              <Text style={byline}>Answered by {answer.author}</Text>
            </Section>
          ))}
          {moreAnswers > 0 && <Text style={emailText}>And {count(moreAnswers, "more answer", "more answers")} in the Family Book.</Text>}
          <EmailAction href={answersUrl}>Read the answers</EmailAction>
        </>
      )}
    </EmailLayout>
  );
}
