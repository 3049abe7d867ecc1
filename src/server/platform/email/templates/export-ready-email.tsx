import { Text } from "@react-email/components";
import { z } from "zod";
import { EmailAction, EmailLayout, emailText } from "./email-layout";

// Sent when an export the person asked for is ready (docs/product.md §20). Transactional: always sent.

export const exportReadyEmailProps = z.strictObject({
  firstName: z.string(),
  /** "account": their own data; "family": the family's book. */
  scope: z.enum(["account", "family"]),
  /** The "Your data" page, where the export is listed and downloaded (signed in, by its owner only). */
  dataUrl: z.url(),
  /** How long the export is kept, in days. */
  validDays: z.number().int().positive(),
});

export type ExportReadyEmailProps = z.output<typeof exportReadyEmailProps>;

export const exportReadySubject = ({ scope }: ExportReadyEmailProps) =>
  scope === "family" ? "Your export of the family's book is ready" : "Your Family Book export is ready";

export function ExportReadyEmail({ firstName, scope, dataUrl, validDays }: ExportReadyEmailProps) {
  const what = scope === "family" ? "the family's book" : "your memories, photos and answers";
  return (
    <EmailLayout
      preview={`The export of ${what} is ready to download for ${validDays} days.`}
      heading="Your export is ready"
      footer={{ reason: "You are getting this email because you asked Family Book for an export of your data." }}
    >
      <Text style={emailText}>Hello {firstName},</Text>
      <Text style={emailText}>The export of {what} you asked for is ready: a ZIP file you can open on any computer.</Text>
      <EmailAction href={dataUrl}>Download the export</EmailAction>
      <Text style={{ ...emailText, margin: 0 }}>
        The link opens Family Book; sign in to download. Only you can download it, for {validDays} days; after that it is deleted.
      </Text>
    </EmailLayout>
  );
}
