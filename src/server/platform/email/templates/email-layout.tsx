import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { PRODUCT_NAME } from "@/lib/constants";

// The look every email shares: the app's warm palette (src/app/globals.css, as hex: mail
// programs know no oklch), the reader's system font, and type sized for older eyes. Sizes are
// in px, which mail programs honour, and nothing has a fixed height or width, so the text can
// grow and wrap; the column is at most 600 px and narrows with the screen.

export const emailColours = {
  background: "#fcfaf6",
  card: "#ffffff",
  text: "#221812",
  muted: "#5e4f46",
  primary: "#783818",
  onPrimary: "#fefbf8",
  border: "#ddd2c6",
  accent: "#f5e5d3",
} as const;

const fontFamily = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const emailText = { color: emailColours.text, fontSize: "18px", lineHeight: "1.6", margin: "0 0 20px" } as const;
const smallText = { color: emailColours.muted, fontSize: "16px", lineHeight: "1.6", margin: "0 0 12px" } as const;

export type EmailFooter = {
  /** Why this person gets this email, in a sentence. */
  reason: string;
  /** For emails a member may turn off: the signed link that turns this kind off, and the Settings page. */
  unsubscribe?: { url: string; label: string; settingsUrl: string };
};

export function EmailLayout({ preview, heading, children, footer }: { preview: string; heading: string; children: ReactNode; footer: EmailFooter }) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: emailColours.background, fontFamily, margin: 0, padding: "24px 0" }}>
        <Container style={{ maxWidth: "600px", width: "100%", margin: "0 auto", padding: "0 12px" }}>
          <Text style={{ color: emailColours.primary, fontSize: "24px", fontWeight: 700, lineHeight: "1.3", margin: "0 0 16px", padding: "0 8px" }}>
            {PRODUCT_NAME}
          </Text>
          <Section
            style={{
              backgroundColor: emailColours.card,
              border: `1px solid ${emailColours.border}`,
              borderRadius: "16px",
              padding: "28px 24px",
            }}
          >
            <Heading as="h1" style={{ color: emailColours.text, fontSize: "28px", fontWeight: 700, lineHeight: "1.3", margin: "0 0 20px" }}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Section style={{ padding: "20px 8px 0" }}>
            <Text style={smallText}>{footer.reason}</Text>
            {footer.unsubscribe && (
              <Text style={smallText}>
                <Link href={footer.unsubscribe.url} style={{ color: emailColours.primary, textDecoration: "underline" }}>
                  {footer.unsubscribe.label}
                </Link>
                {" · "}
                <Link href={footer.unsubscribe.settingsUrl} style={{ color: emailColours.primary, textDecoration: "underline" }}>
                  All email settings
                </Link>
              </Text>
            )}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** The one thing to do in an email: a large button, with its address written out below for mail programs that hide buttons. */
export function EmailAction({ href, children }: { href: string; children: string }) {
  return (
    <>
      <Section style={{ margin: "8px 0 24px" }}>
        <Button
          href={href}
          style={{
            backgroundColor: emailColours.primary,
            borderRadius: "12px",
            color: emailColours.onPrimary,
            fontSize: "20px",
            fontWeight: 700,
            lineHeight: "1.3",
            padding: "16px 28px",
            textDecoration: "none",
          }}
        >
          {children}
        </Button>
      </Section>
      {/* The plain-text part already has the address beside the button's words. */}
      <Section data-skip-in-text="true">
        <Text style={smallText}>If the button does not work, copy this address into your web browser:</Text>
        <Text style={{ ...smallText, margin: "0 0 20px", wordBreak: "break-all" }}>
          <Link href={href} style={{ color: emailColours.primary, textDecoration: "underline" }}>
            {href}
          </Link>
        </Text>
      </Section>
    </>
  );
}

export function EmailDivider() {
  return <Hr style={{ borderColor: emailColours.border, margin: "8px 0 20px" }} />;
}
