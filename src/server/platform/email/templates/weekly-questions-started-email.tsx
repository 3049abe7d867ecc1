import { Text } from "@react-email/components";
import { z } from "zod";
import { EmailAction, EmailLayout, emailText } from "./email-layout";

// Sent when a relative sets up weekly questions for someone (docs/product.md §13): who did it,
// when the questions will come, and how to pause or stop them. Always sent: it is about the
// person's own account and what will arrive in their inbox.

export const weeklyQuestionsStartedEmailProps = z.strictObject({
  firstName: z.string(),
  organiserName: z.string(),
  /** "Sundays at 10:00", in the recipient's time zone. */
  when: z.string(),
  /** The first question is on its way now rather than at the first chosen time. */
  firstNow: z.boolean(),
  /** Whether answers go to the family's book when saved (the plan's setting); the email says what really happens. */
  sharedWithFamily: z.boolean(),
  manageUrl: z.url(),
});

export type WeeklyQuestionsStartedEmailProps = z.output<typeof weeklyQuestionsStartedEmailProps>;

export const weeklyQuestionsStartedSubject = ({ organiserName }: WeeklyQuestionsStartedEmailProps) => `${organiserName} set up weekly questions for you`;

export function WeeklyQuestionsStartedEmail({ firstName, organiserName, when, firstNow, sharedWithFamily, manageUrl }: WeeklyQuestionsStartedEmailProps) {
  return (
    <EmailLayout
      preview={`${organiserName} would love to hear your stories: one question a week, ${when}.`}
      heading={`${organiserName} would love to hear your stories`}
      footer={{ reason: `You are getting this email because ${organiserName}, a member of your family on Family Book, set up weekly questions for you.` }}
    >
      <Text style={emailText}>Hello {firstName},</Text>
      <Text style={emailText}>
        {organiserName} set up weekly questions for you on Family Book. Each week, {when}, you will get one question about your life by email, with a button
        that opens it ready to answer — no password needed.{firstNow && " The first one is on its way now."}
      </Text>
      <Text style={emailText}>
        {sharedWithFamily
          ? `${organiserName} asked for your answers to be shared with your family in the Family Book, where ${organiserName} and your other relatives can read them. Each time you answer, you can choose to keep that answer private instead, and you can hide any answer later.`
          : "Your answers are yours: they stay private unless you choose to share them with your family."}{" "}
        You can pause or stop the questions at any time{sharedWithFamily ? ", and change whether answers are shared" : ""}.
      </Text>
      <EmailAction href={manageUrl}>{sharedWithFamily ? "Change, pause or stop weekly questions" : "Pause or stop weekly questions"}</EmailAction>
    </EmailLayout>
  );
}
