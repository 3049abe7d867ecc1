import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import { POST as inboundEmail } from "@/app/api/inbound-email/route";
import { ORIGIN } from "./api";
import type { ReceivedEmail } from "./smtp-server";

// Replies to weekly questions' emails, written as a mail program writes them (the new text, then
// "On … wrote:" and the quoted email) and delivered the two ways the app takes them: over SMTP to
// its listener, or posted raw to POST /api/inbound-email as a mail provider's webhook does.

export const INBOUND_TEST_DOMAIN = "reply.familybook.example";
export const INBOUND_TEST_SECRET = "inbound-secret-for-tests-0123456789abcdef";

export type Reply = Mail.Options;

/** The reply address a weekly email asks replies to go to. */
export function replyAddressOf(email: ReceivedEmail) {
  const replyTo = email.parsed.replyTo?.value[0]?.address;
  if (!replyTo) throw new Error(`No Reply-To on "${email.parsed.subject}"`);
  return replyTo;
}

/** A reply to this email, from `from`: the new text above the whole email quoted, as mail programs do. */
export function replyTo(
  email: ReceivedEmail,
  { from, text, photos = [], to = replyAddressOf(email) }: { from: string; text: string; photos?: Mail.Attachment[]; to?: string },
): Reply {
  const quoted = (email.parsed.text ?? "")
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  return {
    from,
    to,
    subject: `Re: ${email.parsed.subject}`,
    inReplyTo: email.parsed.messageId,
    text: `${text}\n\nOn ${email.parsed.date?.toUTCString()}, Family Book <hello@familybook.example> wrote:\n${quoted}\n`,
    attachments: photos,
  };
}

/** Sends a reply over SMTP to the app's listener, as the recipient's mail server would. */
export async function sendBySmtp(port: number, reply: Reply) {
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true });
  try {
    return await transport.sendMail(reply);
  } finally {
    transport.close();
  }
}

/** The message as it would arrive, byte for byte. */
export async function rawMessage(reply: Reply): Promise<Buffer> {
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(reply);
  return built.message as Buffer;
}

/** Posts a raw message to the inbound endpoint, as a mail provider's webhook would. */
export async function postInbound(
  raw: Buffer | string,
  {
    secret = INBOUND_TEST_SECRET,
    contentType = "message/rfc822",
    headers = {},
  }: { secret?: string | null; contentType?: string; headers?: Record<string, string> } = {},
) {
  const request = new Request(`${ORIGIN}/api/inbound-email`, {
    method: "POST",
    headers: { "content-type": contentType, ...(secret !== null && { "x-family-book-inbound-secret": secret }), ...headers },
    body: typeof raw === "string" ? raw : new Uint8Array(raw),
  });
  const response = await inboundEmail(request);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}
