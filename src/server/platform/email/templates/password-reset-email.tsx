import { Text } from "@react-email/components";
import { z } from "zod";
import { EmailAction, EmailLayout, emailText } from "./email-layout";

// Sent when someone asks to reset a password (docs/product.md §4). Transactional: always sent.

export const passwordResetEmailProps = z.strictObject({
  firstName: z.string(),
  resetUrl: z.url(),
  /** How long the link works, in minutes. */
  validMinutes: z.number().int().positive(),
});

export type PasswordResetEmailProps = z.output<typeof passwordResetEmailProps>;

export const passwordResetSubject = () => "Choose a new password for Family Book";

const duration = (minutes: number) => (minutes === 60 ? "one hour" : minutes % 60 === 0 ? `${minutes / 60} hours` : `${minutes} minutes`);

export function PasswordResetEmail({ firstName, resetUrl, validMinutes }: PasswordResetEmailProps) {
  return (
    <EmailLayout
      preview="Someone asked to reset your Family Book password. The link works for one hour."
      heading="Choose a new password"
      footer={{ reason: "You are getting this email because someone asked to reset the password of your Family Book account." }}
    >
      <Text style={emailText}>Hello {firstName},</Text>
      <Text style={emailText}>Someone asked to reset the password of your Family Book account. If it was you, press the button to choose a new one.</Text>
      <EmailAction href={resetUrl}>Choose a new password</EmailAction>
      <Text style={emailText}>The link works for {duration(validMinutes)}, and only once. Choosing a new password signs you out everywhere else.</Text>
      <Text style={{ ...emailText, margin: 0 }}>Did not ask for this? You can ignore this email: your password stays as it is.</Text>
    </EmailLayout>
  );
}
