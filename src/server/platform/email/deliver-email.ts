import "server-only";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { wantsEmail } from "@/server/accounts/email-preferences/read-email-preferences";
import { unsubscribeLinks } from "@/server/accounts/email-preferences/unsubscribe-token";
import { getDb } from "@/server/platform/db/client";
import { EMAIL_TEMPLATE_NAMES, emailTemplates, type EmailTemplateName } from "./email-templates";
import { transmitEmail, type EmailReceipt, type InlineImage } from "./mail-transport";
import { renderEmail } from "./render-email";

// Sending one email, as the send-email job does it (docs/decisions/013-email.md). The Message-ID
// was chosen when the email was queued; once the mail server accepted it, the delivery is
// recorded under that id, and a job that runs again (a retry, a worker that died after sending)
// finds the record and sends nothing. Emails a member may turn off are checked against their
// settings at the moment of sending, and carry List-Unsubscribe with RFC 8058's one-click POST.

export const emailRecipientSchema = z.union([
  z.strictObject({ userId: z.uuid() }).meta({ description: "A member: their address at the time of sending, and their email settings." }),
  z.strictObject({ address: z.email() }).meta({ description: "An address that need not have an account (invitations)." }),
]);

export const emailJobSchema = z
  .strictObject({
    messageId: z.string().regex(/^<[^<>\s]+@[^<>\s]+>$/, "A Message-ID: <unique@domain>"),
    template: z.enum(EMAIL_TEMPLATE_NAMES as [EmailTemplateName, ...EmailTemplateName[]]),
    to: emailRecipientSchema,
    props: z.record(z.string(), z.unknown()),
    /** The address links in the email are built on. */
    origin: z.url(),
  })
  .superRefine((job, context) => {
    const props = emailTemplates[job.template].props.safeParse(job.props);
    for (const issue of props.error?.issues ?? []) context.addIssue({ ...issue, path: ["props", ...issue.path] } as z.core.$ZodRawIssue);
  });

export type EmailJob = z.output<typeof emailJobSchema>;

export type DeliveryOutcome =
  | { status: "sent"; receipt: EmailReceipt }
  | { status: "already-sent" }
  | { status: "turned-off" }
  | { status: "no-recipient" }
  | { status: "unconfirmed-address" };

/**
 * `inlineImages`: pictures the HTML shows by `cid:`, read only once the email is sure to go out, by
 * the job that sends it: they are never carried in the queue (the send-email job has none).
 * `replyTo`: where replies go (a weekly question's reply address, docs/decisions/022-answers-by-reply.md).
 */
export async function deliverEmail(
  job: EmailJob,
  { inlineImages, replyTo }: { inlineImages?: () => Promise<InlineImage[]>; replyTo?: string } = {},
): Promise<DeliveryOutcome> {
  const template = emailTemplates[job.template];
  const prisma = await getDb();
  if (await prisma.emailDelivery.findUnique({ where: { message_id: job.messageId }, select: { message_id: true } })) {
    return { status: "already-sent" };
  }

  let address: string;
  let userId: string | null = null;
  let verified = false;
  if ("userId" in job.to) {
    const user = await prisma.user.findUnique({ where: { id: job.to.userId }, select: { id: true, email: true, email_verified_at: true } });
    if (!user) return { status: "no-recipient" };
    address = user.email;
    userId = user.id;
    verified = user.email_verified_at !== null;
  } else {
    address = job.to.address;
  }

  const headers: Record<string, string> = { "Auto-Submitted": "auto-generated" };
  let unsubscribe: ReturnType<typeof unsubscribeLinks> | undefined;
  if (template.kind !== "transactional") {
    if (!userId) throw new Error(`${job.template} emails go to members, whose settings say whether they want them.`);
    // Nothing a member may turn off goes to an address nobody confirmed (docs/decisions/017-verified-addresses.md).
    if (!verified) return { status: "unconfirmed-address" };
    if (!(await wantsEmail({ userId, kind: template.kind }))) return { status: "turned-off" };
    unsubscribe = unsubscribeLinks(job.origin, userId, template.kind);
    headers["List-Unsubscribe"] = `<${unsubscribe.oneClick}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }

  const rendered = await renderEmail(job.template, job.props, unsubscribe);
  const receipt = await transmitEmail({ messageId: job.messageId, to: address, ...rendered, headers, replyTo, attachments: await inlineImages?.() });
  try {
    await prisma.emailDelivery.create({ data: { message_id: job.messageId, template: job.template, user_id: userId } });
  } catch (error) {
    // Two workers sent the same job at once (only after a lost lock): the first record stands.
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
  }
  return { status: "sent", receipt };
}
