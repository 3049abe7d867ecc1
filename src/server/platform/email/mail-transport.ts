import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { now } from "@/server/platform/clock";
import { dataDirectory, getEnv } from "@/server/platform/env";

// Where emails go (docs/decisions/013-email.md): over SMTP to SMTP_URL when it is set; otherwise
// into DATA_DIR/outbox as .eml files (open them in any mail program), with the subject, the
// recipient and every link printed in the server log, so each flow works on a fresh clone with
// no mail server. Both are built by nodemailer from the same message.

export type OutgoingEmail = {
  messageId: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** Where replies go, when not to the sender. */
  replyTo?: string;
  /** Images shown in the HTML by `cid:` (the digest's photo thumbnails: photos are private, so never a public link). */
  attachments?: InlineImage[];
};

export type InlineImage = { cid: string; filename: string; contentType: string; content: Buffer };

export type EmailReceipt = { via: "smtp"; response: string } | { via: "outbox"; file: string };

/** Who emails come from when MAIL_FROM is not set (only the outbox, which needs no real sender). */
export const OUTBOX_SENDER = "Family Book <family-book@localhost>";

/** Unless SMTP_URL says otherwise: a server that does not answer is given up on (and the job retried) within a minute. */
const SMTP_TIMEOUTS = { connectionTimeout: "10000", greetingTimeout: "10000", socketTimeout: "60000" };

const registry = globalThis as typeof globalThis & { __familyBookSmtp?: { url: string; transporter: Transporter } };

function smtpTransport(smtpUrl: string) {
  if (registry.__familyBookSmtp?.url !== smtpUrl) {
    registry.__familyBookSmtp?.transporter.close();
    const url = new URL(smtpUrl);
    for (const [name, value] of Object.entries(SMTP_TIMEOUTS)) if (!url.searchParams.has(name)) url.searchParams.set(name, value);
    registry.__familyBookSmtp = { url: smtpUrl, transporter: nodemailer.createTransport(url.toString()) };
  }
  return registry.__familyBookSmtp.transporter;
}

/** Closes the SMTP connection, if any (end of a test file, or shutdown). */
export function closeMailTransport() {
  registry.__familyBookSmtp?.transporter.close();
  registry.__familyBookSmtp = undefined;
}

export function outboxDirectory() {
  return path.join(dataDirectory(), "outbox");
}

/** The sender of every email: MAIL_FROM, required with SMTP_URL. */
export function mailSender() {
  return getEnv().MAIL_FROM ?? OUTBOX_SENDER;
}

/** Hands the message to the mail server (or writes it to the outbox). Throws when it was not accepted. */
export async function transmitEmail(email: OutgoingEmail): Promise<EmailReceipt> {
  const env = getEnv();
  const message = {
    from: mailSender(),
    to: email.to,
    subject: email.subject,
    html: email.html,
    text: email.text,
    messageId: email.messageId,
    headers: email.headers,
    ...(email.replyTo && { replyTo: email.replyTo }),
    attachments: email.attachments?.map(({ cid, filename, contentType, content }) => ({
      cid,
      filename,
      contentType,
      content,
      contentDisposition: "inline" as const,
    })),
  };
  if (env.SMTP_URL) {
    const info = await smtpTransport(env.SMTP_URL).sendMail(message);
    if (info.rejected.length > 0) throw new Error(`The mail server refused ${email.messageId}: ${info.response}`);
    console.log(`Email ${email.messageId} ("${email.subject}") accepted by the mail server.`);
    return { via: "smtp", response: info.response };
  }
  return { via: "outbox", file: await writeToOutbox(email, message) };
}

async function writeToOutbox(email: OutgoingEmail, message: Parameters<Transporter["sendMail"]>[0]) {
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }).sendMail(message);
  const directory = outboxDirectory();
  await mkdir(directory, { recursive: true });
  const name = `${now().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
  const file = path.join(directory, name);
  // Written beside, then renamed: whoever reads the outbox never finds half a message.
  await writeFile(`${file}.partial`, built.message as Buffer, { mode: 0o600 });
  await rename(`${file}.partial`, file);
  const links = linksIn(email.html);
  console.log([`Email to ${email.to}: "${email.subject}" (in ${file})`, ...links.map((link) => `  ${link}`)].join("\n"));
  return file;
}

/** Every distinct link in the HTML, in order. */
export function linksIn(html: string) {
  const links = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
  return [...new Set(links)];
}
