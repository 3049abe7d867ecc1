import "server-only";
import { render, toPlainText } from "@react-email/render";
import { emailPreferenceTexts } from "@/lib/email-preferences";
import { emailTemplates, type EmailTemplateName } from "./email-templates";

export type RenderedEmail = { subject: string; html: string; text: string };

/**
 * An email written out: its subject, its HTML and the plain-text part made from the same HTML.
 * Props are checked against the template's schema, since they come back from the job queue.
 * Emails a member may turn off get the footer that does it (the links from unsubscribeLinks).
 */
export async function renderEmail(name: EmailTemplateName, props: unknown, unsubscribe?: { page: string; settings: string }): Promise<RenderedEmail> {
  const template = emailTemplates[name];
  const values = template.props.parse(props) as never;
  let element;
  if (template.kind === "transactional") {
    element = template.body(values);
  } else {
    if (!unsubscribe) throw new Error(`${name} emails need their unsubscribe links.`);
    const label = `Turn off these emails (${emailPreferenceTexts[template.kind].label.toLowerCase()})`;
    element = template.body(values, { url: unsubscribe.page, label, settingsUrl: unsubscribe.settings });
  }
  const html = await render(element);
  // Headings keep their case: capitals are harder to read.
  const text = toPlainText(html, { selectors: ["h1", "h2", "h3"].map((selector) => ({ selector, options: { uppercase: false } })) });
  return { subject: template.subject(values), html, text };
}
