import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { confirmAddress, emailsTo, linkIn, saveEmailScreenshots, waitForEmail } from "./support/outbox";

// Which emails a member gets (docs/product.md §11): the Settings page, and the unsubscribe link of
// a real email from the outbox, followed without signing in or posted to as a mail program does.

const JOINED = (name: string) => `${name} joined your Family Book`;

/** A family of two with confirmed addresses: Margaret, then Tom joining through her invite, which emails Margaret. */
async function familyWithNews(page: Page) {
  const founder = newPerson("Margaret", "Hughes");
  const founderUser = await registerThroughApi(page.request, founder);
  await confirmAddress(page.request, founder.email);
  const relative = newPerson("Tom", "Hughes");
  const relativeRequest = await page.context().browser()!.newContext();
  await registerThroughApi(relativeRequest.request, relative, founderUser.invite_code);
  await confirmAddress(relativeRequest.request, relative.email);
  await relativeRequest.close();
  return { founder, founderUser, relative, email: await waitForEmail(founder.email, JOINED("Tom Hughes")) };
}

const switchFor = (page: Page, name: string) => page.getByRole("switch", { name });

test.describe("email settings", () => {
  test("the Settings page, reached from the dashboard, turns a kind of email on and off", async ({ page }, testInfo) => {
    await registerThroughApi(page.request, newPerson("Rosa", "Lindqvist"));
    await page.goto("/family-dashboard");
    await page.getByRole("link", { name: "Settings: choose which emails you get" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    for (const name of ["Weekly questions", "Weekly family digest", "New relatives"]) await expect(switchFor(page, name)).toBeChecked();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `settings-${testInfo.project.name}`);

    await switchFor(page, "Weekly family digest").click();
    await expect(page.getByText("Email settings saved")).toBeVisible();
    await expect(switchFor(page, "Weekly family digest")).not.toBeChecked();
    await page.reload();
    await expect(switchFor(page, "Weekly family digest")).not.toBeChecked();
    await expect(switchFor(page, "Weekly questions")).toBeChecked();
  });

  test("is in the menu for a signed-in member", async ({ page, isMobile }) => {
    await registerThroughApi(page.request, newPerson("Rosa", "Lindqvist"));
    await page.goto("/memories");
    if (isMobile) await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("link", { name: "Settings", exact: true }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/settings$/);
  });

  test("an email's unsubscribe link turns that email off without signing in, and can turn it back on", async ({ page, browser }, testInfo) => {
    const { founder, founderUser, email } = await familyWithNews(page);
    expect(email.text).toContain("Tom Hughes has joined the Hughes family on Family Book.");
    if (testInfo.project.name === "desktop") await saveEmailScreenshots(browser, email, "relative-joined");
    const unsubscribe = linkIn(email, "/unsubscribe");

    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(unsubscribe.pathname + unsubscribe.search);
    await expect(strangerPage.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
    await expect(strangerPage.getByText("You will no longer get an email when a relative joins your family.")).toBeVisible();
    await expectNoSeriousAccessibilityViolations(strangerPage);
    await saveScreenshot(strangerPage, `unsubscribed-${testInfo.project.name}`);

    await page.goto("/settings");
    await expect(switchFor(page, "New relatives")).not.toBeChecked();

    await strangerPage.getByRole("button", { name: "Turn these emails back on" }).click();
    await expect(strangerPage.getByRole("heading", { name: "Turned back on" })).toBeVisible();
    await expect(strangerPage.getByText("New relatives: you will get these emails again.")).toBeVisible();
    await page.reload();
    await expect(switchFor(page, "New relatives")).toBeChecked();

    // With it back on, the next relative's arrival is emailed again.
    const cousin = await browser.newContext();
    await registerThroughApi(cousin.request, newPerson("Ruth", "Hughes"), founderUser.invite_code);
    await waitForEmail(founder.email, JOINED("Ruth Hughes"));
    await cousin.close();
    await stranger.close();
  });

  test("a mail program's one-click POST to List-Unsubscribe turns the email off", async ({ page, browser, playwright, baseURL }) => {
    const { founder, founderUser, relative, email } = await familyWithNews(page);
    const header = [email.headerLines.find((line) => line.key === "list-unsubscribe")!.line].map((line) => line.slice(line.indexOf(":") + 1).trim())[0]!;
    expect(email.headerLines.find((line) => line.key === "list-unsubscribe-post")?.line).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const oneClick = new URL(header.slice(1, -1));
    expect(oneClick.pathname).toBe("/api/unsubscribe");

    // No cookie, no Origin of ours: a mail provider's server.
    const provider = await playwright.request.newContext({ baseURL });
    const result = await provider.post(oneClick.pathname + oneClick.search, { form: { "List-Unsubscribe": "One-Click" } });
    expect(result.status()).toBe(200);
    expect((await result.json()).data).toEqual({ kind: "relative-joined", enabled: false });
    await provider.dispose();

    await page.goto("/settings");
    await expect(switchFor(page, "New relatives")).not.toBeChecked();
    // Turned off, the next arrival is emailed to Tom but not to the founder.
    const cousin = await browser.newContext();
    await registerThroughApi(cousin.request, newPerson("Ruth", "Hughes"), founderUser.invite_code);
    await cousin.close();
    await waitForEmail(relative.email, JOINED("Ruth Hughes"));
    expect((await emailsTo(founder.email)).filter((sent) => sent.subject?.endsWith(" joined your Family Book"))).toHaveLength(1);
  });

  test("a changed unsubscribe link is refused and changes nothing", async ({ page }, testInfo) => {
    const { email } = await familyWithNews(page);
    const unsubscribe = linkIn(email, "/unsubscribe");
    const token = unsubscribe.searchParams.get("token")!;
    await page.goto(`/unsubscribe?token=${encodeURIComponent(token.replace(".relative-joined.", ".weekly-digest."))}`);
    await expect(page.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
    await expect(
      page.getByText("This unsubscribe link is not valid. Please use the link from the email as it is, or sign in and change your email settings."),
    ).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `unsubscribe-invalid-${testInfo.project.name}`);
    await page.goto("/settings");
    for (const name of ["Weekly questions", "Weekly family digest", "New relatives"]) await expect(switchFor(page, name)).toBeChecked();
  });
});
