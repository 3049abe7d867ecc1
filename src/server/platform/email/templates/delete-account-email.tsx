import { Text } from "@react-email/components";
import { z } from "zod";
import { EmailAction, EmailLayout, emailText } from "./email-layout";

// Sent when a member whose account signs in with Google (and so has no password) asks to delete
// it (docs/product.md, "Deleting an account"). Transactional: always sent.

export const deleteAccountEmailProps = z.strictObject({
  firstName: z.string(),
  confirmUrl: z.url(),
});

export type DeleteAccountEmailProps = z.output<typeof deleteAccountEmailProps>;

export const deleteAccountSubject = () => "Confirm the deletion of your Family Book account";

export function DeleteAccountEmail({ firstName, confirmUrl }: DeleteAccountEmailProps) {
  return (
    <EmailLayout
      preview="You asked to delete your Family Book account. The link works for one hour."
      heading="Delete your account?"
      footer={{ reason: "You are getting this email because someone signed in to your Family Book account asked to delete it." }}
    >
      <Text style={emailText}>Hello {firstName},</Text>
      <Text style={emailText}>
        You asked to delete your Family Book account. Press the button to confirm: your account and what you chose to remove will be deleted for good.
      </Text>
      <EmailAction href={confirmUrl}>Confirm the deletion</EmailAction>
      <Text style={emailText}>The link works for one hour.</Text>
      <Text style={{ ...emailText, margin: 0 }}>Did not ask for this? Ignore this email: nothing is deleted.</Text>
    </EmailLayout>
  );
}
