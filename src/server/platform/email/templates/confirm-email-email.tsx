import { Text } from "@react-email/components";
import { z } from "zod";
import { EmailAction, EmailLayout, emailText } from "./email-layout";

// Sent after registering or changing the address (docs/decisions/017-verified-addresses.md).
// Transactional: the person just asked for it by giving the address.

export const confirmEmailEmailProps = z.strictObject({
  firstName: z.string(),
  confirmUrl: z.url(),
  validDays: z.number().int().positive(),
});

export type ConfirmEmailEmailProps = z.output<typeof confirmEmailEmailProps>;

export const confirmEmailSubject = () => "Please confirm your email address for Family Book";

export function ConfirmEmailEmail({ firstName, confirmUrl, validDays }: ConfirmEmailEmailProps) {
  return (
    <EmailLayout
      preview="One tap to confirm this is your address, so your family's news can reach you."
      heading="Confirm your email address"
      footer={{ reason: "You are getting this email because this address was given for a Family Book account." }}
    >
      <Text style={emailText}>Hello {firstName},</Text>
      <Text style={emailText}>
        Please confirm that this is your email address. Then Family Book can send you what you choose: news from your family and, if you like, a question about
        your life each week.
      </Text>
      <EmailAction href={confirmUrl}>Confirm my email address</EmailAction>
      <Text style={{ ...emailText, margin: 0 }}>The link works for {validDays} days. Did not make a Family Book account? You can ignore this email.</Text>
    </EmailLayout>
  );
}
