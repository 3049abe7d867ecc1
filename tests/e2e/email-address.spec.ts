import { expect, test } from "@playwright/test";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { linkIn, saveEmailScreenshots, waitForEmail, waitForEmails } from "./support/outbox";

// Confirming the address (docs/decisions/017-verified-addresses.md): a banner until the emailed
// link is followed, a way to get the link again, and changing the address on Settings.

const SUBJECT = "Please confirm your email address for Family Book";
const BANNER = "Please confirm your email address";

test.describe("confirming an email address", () => {
  test("a new member sees the banner until they follow the emailed link; the link can be sent again", async ({ page, browser }, testInfo) => {
    const person = newPerson("Winifred", "Ashcombe");
    await registerThroughApi(page.request, person);
    await page.goto("/family-dashboard");
    const banner = page.getByRole("region", { name: BANNER });
    await expect(banner).toContainText(`We sent a link to ${person.email}.`);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `confirm-email-banner-${testInfo.project.name}`);

    await banner.getByRole("button", { name: "Send the link again" }).click();
    await expect(banner.getByRole("status")).toHaveText(`We sent a new confirmation link to ${person.email}.`);
    const emails = await waitForEmails(person.email, SUBJECT, 2);
    if (testInfo.project.name === "desktop") await saveEmailScreenshots(browser, emails[0]!, "confirm-email");
    const link = linkIn(emails[1]!, "/confirm-email");

    await page.goto(link.pathname + link.search);
    await expect(page.getByText("Your email address is confirmed.")).toBeVisible();
    await expect(page.getByRole("region", { name: BANNER })).toHaveCount(0);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `confirm-email-done-${testInfo.project.name}`);
    await page.goto("/memories");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: BANNER })).toHaveCount(0);

    // The first link, opened later, is told apart from a broken one.
    await page.goto(linkIn(emails[0]!, "/confirm-email").pathname + linkIn(emails[0]!, "/confirm-email").search);
    await expect(page.getByText("Your email address is already confirmed.")).toBeVisible();
    await page.goto("/confirm-email?token=not-a-real-token");
    await expect(page.getByRole("alert").filter({ hasText: "This confirmation link is not valid." })).toBeVisible();
  });

  test("changing the address on Settings asks for the password and waits for the new address's link", async ({ page }, testInfo) => {
    const person = newPerson("Olof", "Berg");
    await registerThroughApi(page.request, person);
    await page.goto("/settings");
    const form = page.getByRole("form", { name: "Change email address" });
    const newAddress = newPerson("Olof", "Berg").email;
    await form.getByLabel("New email address").fill(newAddress);
    await form.getByLabel("Your password").fill("not my password");
    await form.getByRole("button", { name: "Change email address" }).click();
    await expect(form.getByText("That password is not right.")).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `settings-email-address-${testInfo.project.name}`);

    await form.getByLabel("Your password").fill(person.password);
    await form.getByRole("button", { name: "Change email address" }).click();
    await expect(page.getByText("Email address changed", { exact: true })).toBeVisible();
    await expect(page.getByText(`${newAddress} — not confirmed yet: open the link we sent to it.`)).toBeVisible();
    await expect(page.getByRole("region", { name: BANNER })).toContainText(`We sent a link to ${newAddress}.`);

    const link = linkIn(await waitForEmail(newAddress, SUBJECT), "/confirm-email");
    await page.goto(link.pathname + link.search);
    await expect(page.getByText("Your email address is confirmed.")).toBeVisible();
    await page.goto("/settings");
    await expect(page.getByText(`${newAddress} — confirmed.`)).toBeVisible();
  });
});
