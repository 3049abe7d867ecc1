import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { changeEmailPreferences } from "@/server/accounts/email-preferences/change-email-preferences";
import { getDb } from "@/server/platform/db/client";
import { deliverEmail, type EmailJob } from "@/server/platform/email/deliver-email";
import { closeMailTransport, outboxDirectory } from "@/server/platform/email/mail-transport";
import { newMessageId } from "@/server/platform/email/message-id";
import { resetEnvForTests } from "@/server/platform/env";
import { createConfirmedAccount } from "../helpers/accounts";
import { uniqueEmail } from "../helpers/api";
import { rawHeader, startSmtpServer, type RunningSmtp } from "../helpers/smtp-server";

// Sending one email, over real SMTP (an smtp-server in this process, read back with mailparser)
// and into the embedded outbox (docs/decisions/013-email.md).

const APP = "https://familybook.example";
let smtp: RunningSmtp;

function resetJob(to: string, messageId = newMessageId()): EmailJob {
  return {
    messageId,
    template: "password-reset",
    to: { address: to },
    props: { firstName: "Ada", resetUrl: `${APP}/reset-password?token=abc123`, validMinutes: 60 },
    origin: APP,
  };
}

function relativeJoinedJob(userId: string, messageId = newMessageId()): EmailJob {
  return {
    messageId,
    template: "relative-joined",
    to: { userId },
    props: { firstName: "Margaret", relativeName: "Tom Hughes", familyPhrase: "the Hughes family", familyBookUrl: `${APP}/family-book` },
    origin: APP,
  };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
});

afterAll(async () => {
  closeMailTransport();
  await smtp.close();
});

describe("over SMTP", () => {
  beforeEach(() => {
    process.env.SMTP_URL = smtp.url;
    process.env.MAIL_FROM = "Family Book <hello@familybook.example>";
    process.env.APP_URL = APP;
    resetEnvForTests();
  });

  afterEach(() => {
    delete process.env.SMTP_URL;
    delete process.env.MAIL_FROM;
    delete process.env.APP_URL;
    resetEnvForTests();
  });

  it("sends a transactional email with its Message-ID, an HTML and a plain-text part, and no List-Unsubscribe", async () => {
    const to = uniqueEmail("reset");
    const job = resetJob(to);
    await expect(deliverEmail(job)).resolves.toMatchObject({ status: "sent", receipt: { via: "smtp" } });

    const { parsed } = await smtp.waitFor(to);
    expect(parsed.messageId).toBe(job.messageId);
    expect(parsed.from?.text).toBe('"Family Book" <hello@familybook.example>');
    expect(parsed.subject).toBe("Choose a new password for Family Book");
    expect(parsed.html).toContain('href="https://familybook.example/reset-password?token=abc123"');
    expect(parsed.html).toMatch(/<html [^>]*lang="en"/);
    expect(parsed.text).toContain("Hello Ada,");
    expect(parsed.text).toContain("https://familybook.example/reset-password?token=abc123");
    expect(parsed.text).not.toContain("<");
    expect(rawHeader(parsed, "List-Unsubscribe")).toBeUndefined();
    expect(rawHeader(parsed, "List-Unsubscribe-Post")).toBeUndefined();
    expect(parsed.headers.get("auto-submitted")).toBe("auto-generated");
  });

  it("puts List-Unsubscribe with RFC 8058 one-click on an email the member may turn off, and an unsubscribe link in both parts", async () => {
    const member = await createConfirmedAccount({ firstName: "Margaret", lastName: "Hughes" });
    await deliverEmail(relativeJoinedJob(member.user.id));

    const { parsed } = await smtp.waitFor(member.user.email);
    expect(parsed.subject).toBe("Tom Hughes joined your Family Book");
    const listUnsubscribe = rawHeader(parsed, "List-Unsubscribe");
    expect(listUnsubscribe).toMatch(new RegExp(`^<${APP}/api/unsubscribe\\?token=${member.user.id}\\.relative-joined\\.[\\w-]{43}>$`));
    expect(rawHeader(parsed, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const page = listUnsubscribe!.slice(1, -1).replace("/api/unsubscribe", "/unsubscribe");
    expect(parsed.html).toContain(`href="${page}"`);
    expect(parsed.text).toContain(page);
    expect(parsed.text).toContain(`${APP}/settings`);
  });

  it("sends a message once: run again with the same Message-ID (a retried job), it finds the delivery and sends nothing", async () => {
    const to = uniqueEmail("once");
    const job = resetJob(to);
    await deliverEmail(job);
    await smtp.waitFor(to);
    await expect(deliverEmail(job)).resolves.toEqual({ status: "already-sent" });
    expect(smtp.to(to)).toHaveLength(1);
    const prisma = await getDb();
    expect(await prisma.emailDelivery.count({ where: { message_id: job.messageId } })).toBe(1);
  });

  it("records nothing when the server refuses the message, so the job fails and is tried again", async () => {
    const to = uniqueEmail("refused");
    smtp.refusedRecipients.add(to);
    const job = resetJob(to);
    await expect(deliverEmail(job)).rejects.toThrow(/Mailbox unavailable|recipients were rejected/);
    const prisma = await getDb();
    expect(await prisma.emailDelivery.count({ where: { message_id: job.messageId } })).toBe(0);

    smtp.refusedRecipients.delete(to);
    await expect(deliverEmail(job)).resolves.toMatchObject({ status: "sent" });
    expect(smtp.to(to)).toHaveLength(1);
  });

  it("does not send an email the member turned off, even one queued before they did", async () => {
    const member = await createConfirmedAccount();
    const job = relativeJoinedJob(member.user.id);
    await changeEmailPreferences({ userId: member.user.id, changes: { "relative-joined": false } });
    await expect(deliverEmail(job)).resolves.toEqual({ status: "turned-off" });
    expect(smtp.to(member.user.email)).toHaveLength(0);
  });

  it("sends to the member's address at the time of sending", async () => {
    const member = await createConfirmedAccount();
    const prisma = await getDb();
    const newAddress = uniqueEmail("moved");
    await prisma.user.update({ where: { id: member.user.id }, data: { email: newAddress, email_normalized: newAddress } });
    await deliverEmail(relativeJoinedJob(member.user.id));
    await smtp.waitFor(newAddress);
    expect(smtp.to(member.user.email)).toHaveLength(0);
  });
});

describe("into the outbox (no SMTP_URL)", () => {
  it("writes a .eml file under DATA_DIR/outbox and prints the subject, the recipient and the links", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const to = uniqueEmail("outbox");
    const job = resetJob(to);
    const outcome = await deliverEmail({
      ...job,
      props: { ...job.props, resetUrl: "http://localhost:3000/reset-password?token=xyz" },
      origin: "http://localhost:3000",
    });

    expect(outcome).toMatchObject({ status: "sent", receipt: { via: "outbox" } });
    const file = outcome.status === "sent" && outcome.receipt.via === "outbox" ? outcome.receipt.file : "";
    expect(path.dirname(file)).toBe(outboxDirectory());
    expect(readdirSync(outboxDirectory()).filter((name) => name.endsWith(".partial"))).toEqual([]);
    const parsed = await simpleParser(readFileSync(file));
    expect(parsed.messageId).toBe(job.messageId);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : "").toBe(to);
    expect(parsed.subject).toBe("Choose a new password for Family Book");
    expect(parsed.html).toContain("http://localhost:3000/reset-password?token=xyz");
    expect(parsed.text).toContain("http://localhost:3000/reset-password?token=xyz");

    const printed = log.mock.calls.map((call) => call.join(" ")).join("\n");
    expect(printed).toContain(`Email to ${to}: "Choose a new password for Family Book"`);
    expect(printed).toContain("  http://localhost:3000/reset-password?token=xyz");
    log.mockRestore();
  });
});
