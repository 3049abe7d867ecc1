import { Section, Text } from "@react-email/components";
import { Fragment } from "react";
import { z } from "zod";
import { EmailAction, emailColours, EmailLayout, emailText } from "./email-layout";

// An invitation by email (docs/decisions/016-invitations-by-email.md). Transactional: a relative
// asked for it, so it is always sent. Someone whose address already has an account is told to
// sign in instead of registering.

export const invitationEmailProps = z.strictObject({
  firstName: z.string(),
  inviterName: z.string(),
  /** As said in a sentence: "the Hughes family". */
  familyPhrase: z.string(),
  note: z.string().nullable(),
  joinUrl: z.url(),
  signInUrl: z.url(),
  validDays: z.number().int().positive(),
  hasAccount: z.boolean(),
});

export type InvitationEmailProps = z.output<typeof invitationEmailProps>;

export const invitationSubject = ({ inviterName, familyPhrase }: InvitationEmailProps) => `${inviterName} invites you to join ${familyPhrase} on Family Book`;

export function InvitationEmail({ firstName, inviterName, familyPhrase, note, joinUrl, signInUrl, validDays, hasAccount }: InvitationEmailProps) {
  return (
    <EmailLayout
      preview={`${inviterName} would like you to join ${familyPhrase} on Family Book, where your family keeps its memories.`}
      heading={`Join ${familyPhrase}`}
      footer={{
        reason: `You are getting this email because ${inviterName} invited this address to Family Book. If you do not want to join, you can ignore it.`,
      }}
    >
      <Text style={emailText}>Hello {firstName},</Text>
      <Text style={emailText}>
        {inviterName} invites you to join {familyPhrase} on Family Book, where your family writes down its memories, answers questions about their lives, and
        reads what the others shared.
      </Text>
      {note && (
        <Section style={{ backgroundColor: emailColours.accent, borderRadius: "12px", padding: "16px 20px", margin: "0 0 20px" }}>
          <Text style={{ ...emailText, margin: "0 0 8px", fontWeight: 700 }}>{inviterName} wrote:</Text>
          {/* Line breaks as <br>: mail programs and the plain-text part both keep them. */}
          <Text style={{ ...emailText, margin: 0 }}>
            {note.split(/\r?\n/).map((line, index) => (
              <Fragment key={index}>
                {index > 0 && <br />}
                {line}
              </Fragment>
            ))}
          </Text>
        </Section>
      )}
      {hasAccount ? (
        <>
          <Text style={emailText}>You already have a Family Book account with this email address. Sign in with it instead of registering again.</Text>
          <EmailAction href={signInUrl}>Sign in to Family Book</EmailAction>
        </>
      ) : (
        <>
          <EmailAction href={joinUrl}>Join the family</EmailAction>
          <Text style={{ ...emailText, margin: 0 }}>
            The link works for {validDays} days, and only for you. It opens a short form: your name, this email address and a password.
          </Text>
        </>
      )}
    </EmailLayout>
  );
}
