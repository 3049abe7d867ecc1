import type { ReactElement } from "react";
import type { z } from "zod";
import type { EmailPreferenceKind } from "@/lib/email-preferences";
import { AnswerReceivedEmail, answerReceivedEmailProps, answerReceivedSubject } from "./templates/answer-received-email";
import { BookReadyEmail, bookReadyEmailProps, bookReadySubject } from "./templates/book-ready-email";
import { ConfirmEmailEmail, confirmEmailEmailProps, confirmEmailSubject } from "./templates/confirm-email-email";
import { DeleteAccountEmail, deleteAccountEmailProps, deleteAccountSubject } from "./templates/delete-account-email";
import type { EmailFooter } from "./templates/email-layout";
import { ExportReadyEmail, exportReadyEmailProps, exportReadySubject } from "./templates/export-ready-email";
import { InvitationEmail, invitationEmailProps, invitationSubject } from "./templates/invitation-email";
import { NotificationDigestEmail, notificationDigestEmailProps, notificationDigestSubject } from "./templates/notification-digest-email";
import { PasswordResetEmail, passwordResetEmailProps, passwordResetSubject } from "./templates/password-reset-email";
import { RelativeJoinedEmail, relativeJoinedEmailProps, relativeJoinedSubject } from "./templates/relative-joined-email";
import { WeeklyDigestEmail, weeklyDigestEmailProps, weeklyDigestSubject } from "./templates/weekly-digest-email";
import { WeeklyQuestionEmail, weeklyQuestionEmailProps, weeklyQuestionSubject } from "./templates/weekly-question-email";
import { WeeklyQuestionsStartedEmail, weeklyQuestionsStartedEmailProps, weeklyQuestionsStartedSubject } from "./templates/weekly-questions-started-email";
import { WeeklyReplyUnreadableEmail, weeklyReplyUnreadableEmailProps, weeklyReplyUnreadableSubject } from "./templates/weekly-reply-unreadable-email";

// Every email Family Book sends, by name: what it needs to be written (checked when it is queued
// and again when it is sent), its subject, and whether the person may turn it off. Transactional
// emails answer something the person (or a relative, for invitations) just did and are always
// sent; the others carry List-Unsubscribe (RFC 8058) and a link to turn them off.

type Unsubscribe = NonNullable<EmailFooter["unsubscribe"]>;

type TemplateDefinition<Schema extends z.ZodType> =
  | { kind: "transactional"; props: Schema; subject: (props: z.output<Schema>) => string; body: (props: z.output<Schema>) => ReactElement }
  | {
      kind: EmailPreferenceKind;
      props: Schema;
      subject: (props: z.output<Schema>) => string;
      body: (props: z.output<Schema>, unsubscribe: Unsubscribe) => ReactElement;
    };

const define = <Schema extends z.ZodType>(definition: TemplateDefinition<Schema>) => definition;

export const emailTemplates = {
  "password-reset": define({
    kind: "transactional",
    props: passwordResetEmailProps,
    subject: passwordResetSubject,
    body: (props) => <PasswordResetEmail {...props} />,
  }),
  "confirm-email": define({
    kind: "transactional",
    props: confirmEmailEmailProps,
    subject: confirmEmailSubject,
    body: (props) => <ConfirmEmailEmail {...props} />,
  }),
  invitation: define({
    kind: "transactional",
    props: invitationEmailProps,
    subject: invitationSubject,
    body: (props) => <InvitationEmail {...props} />,
  }),
  "relative-joined": define({
    kind: "relative-joined",
    props: relativeJoinedEmailProps,
    subject: relativeJoinedSubject,
    body: (props, unsubscribe) => <RelativeJoinedEmail {...props} unsubscribe={unsubscribe} />,
  }),
  "weekly-question": define({
    kind: "weekly-questions",
    props: weeklyQuestionEmailProps,
    subject: weeklyQuestionSubject,
    body: (props, unsubscribe) => <WeeklyQuestionEmail {...props} unsubscribe={unsubscribe} />,
  }),
  "weekly-reply-unreadable": define({
    kind: "weekly-questions",
    props: weeklyReplyUnreadableEmailProps,
    subject: weeklyReplyUnreadableSubject,
    body: (props, unsubscribe) => <WeeklyReplyUnreadableEmail {...props} unsubscribe={unsubscribe} />,
  }),
  "answer-received": define({
    kind: "answer-received",
    props: answerReceivedEmailProps,
    subject: answerReceivedSubject,
    body: (props, unsubscribe) => <AnswerReceivedEmail {...props} unsubscribe={unsubscribe} />,
  }),
  "weekly-digest": define({
    kind: "weekly-digest",
    props: weeklyDigestEmailProps,
    subject: weeklyDigestSubject,
    body: (props, unsubscribe) => <WeeklyDigestEmail {...props} unsubscribe={unsubscribe} />,
  }),
  "notification-digest": define({
    kind: "notifications",
    props: notificationDigestEmailProps,
    subject: notificationDigestSubject,
    body: (props, unsubscribe) => <NotificationDigestEmail {...props} unsubscribe={unsubscribe} />,
  }),
  "weekly-questions-started": define({
    kind: "transactional",
    props: weeklyQuestionsStartedEmailProps,
    subject: weeklyQuestionsStartedSubject,
    body: (props) => <WeeklyQuestionsStartedEmail {...props} />,
  }),
  "book-ready": define({
    kind: "transactional",
    props: bookReadyEmailProps,
    subject: bookReadySubject,
    body: (props) => <BookReadyEmail {...props} />,
  }),
  "delete-account": define({
    kind: "transactional",
    props: deleteAccountEmailProps,
    subject: deleteAccountSubject,
    body: (props) => <DeleteAccountEmail {...props} />,
  }),
  "export-ready": define({
    kind: "transactional",
    props: exportReadyEmailProps,
    subject: exportReadySubject,
    body: (props) => <ExportReadyEmail {...props} />,
  }),
};

export type EmailTemplateName = keyof typeof emailTemplates;
export type EmailTemplateProps<Name extends EmailTemplateName> = z.output<(typeof emailTemplates)[Name]["props"]>;

export const EMAIL_TEMPLATE_NAMES = Object.keys(emailTemplates) as EmailTemplateName[];
