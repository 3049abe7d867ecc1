import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect, type APIRequestContext, type Browser } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";
import { stableUuid } from "../../../src/lib/stable-id";
import { E2E_DATA_DIRECTORY } from "./data-directory";

// The end-to-end server has no SMTP_URL, so its emails land in its DATA_DIR/outbox (playwright.config.ts)
// as .eml files, read back here with mailparser.

const OUTBOX = path.join(E2E_DATA_DIRECTORY, "outbox");

export async function emailsTo(address: string): Promise<ParsedMail[]> {
  const names = await readdir(OUTBOX).catch(() => [] as string[]);
  const emails = await Promise.all(names.filter((name) => name.endsWith(".eml")).map(async (name) => simpleParser(await readFile(path.join(OUTBOX, name)))));
  const recipients = (email: ParsedMail) => [email.to ?? []].flat().flatMap((to) => to.value.map((entry) => entry.address?.toLowerCase()));
  return emails.filter((email) => recipients(email).includes(address.toLowerCase())).sort((a, b) => (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0));
}

/** The emails with this subject to this address, once there are `count` of them (they are sent by a background job). */
export async function waitForEmails(address: string, subject: string, count = 1) {
  let found: ParsedMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await emailsTo(address)).filter((email) => email.subject === subject);
        return found.length;
      },
      { message: `${count} email(s) "${subject}" to ${address} in the outbox`, timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

export async function waitForEmail(address: string, subject: string) {
  return (await waitForEmails(address, subject))[0]!;
}

/** The first link in the email's plain-text part that starts with this path. */
export function linkIn(email: ParsedMail, pathname: string) {
  const link = [...(email.text ?? "").matchAll(/https?:\/\/\S+/g)].map(([url]) => new URL(url)).find((url) => url.pathname === pathname);
  expect(link, `a link to ${pathname} in "${email.subject}"`).toBeDefined();
  return link!;
}

/** The email's HTML as Chromium shows it at 390 px (a phone) and 800 px (a desktop mail program). */
export async function saveEmailScreenshots(browser: Browser, email: ParsedMail, name: string) {
  for (const width of [390, 800]) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.setContent(email.html || "", { waitUntil: "load" });
    await page.screenshot({ path: `test-results/screenshots/email-${name}-${width}.png`, fullPage: true });
    await context.close();
  }
}

/**
 * Follows the confirmation link the outbox holds for this address (docs/decisions/017-verified-addresses.md),
 * as the person would: emails a member may turn off reach only confirmed addresses.
 */
export async function confirmAddress(request: APIRequestContext, address: string) {
  const email = await waitForEmail(address, "Please confirm your email address for Family Book");
  const token = linkIn(email, "/confirm-email").searchParams.get("token");
  const response = await request.post("/api/auth/email/confirm", { data: { token } });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Weekly questions from the Childhood Memories questionnaire for `recipientId`, set up by whoever
 * `request` is signed in as, the first sent at once; answers its one-tap link from the email.
 */
export async function firstWeeklyQuestionLink(
  request: APIRequestContext,
  { recipientId, email, shared }: { recipientId: string; email: string; shared: boolean },
) {
  const plan = await request.post("/api/weekly-questions", {
    data: {
      recipient_id: recipientId,
      source: "questionnaire",
      questionnaire_id: stableUuid("questionnaire:childhood"),
      weekday: 7,
      hour: 10,
      time_zone: "UTC",
      share_by_default: shared,
      first_question_now: true,
    },
  });
  expect(plan.status(), await plan.text()).toBe(201);
  return linkIn(await waitForEmail(email, "This week's question: Where and when were you born?"), "/answer");
}
