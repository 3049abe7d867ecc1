import { expect, test } from "@playwright/test";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { expectNoSidewaysScrolling } from "./support/layout";

test.describe("the Plans page", () => {
  test("shows monthly prices by default and annual prices with the 15% saving when switched", async ({ page }, testInfo) => {
    await page.goto("/subscription");
    await expect(page.getByRole("heading", { level: 1, name: "Plans and Pricing" })).toBeVisible();
    const monthly = page.getByRole("radio", { name: "Monthly" });
    const annual = page.getByRole("radio", { name: /Annual/ });
    await expect(monthly).toBeChecked();
    await expect(annual).toContainText("Save 15%");

    const premium = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Premium Plan" }) });
    await expect(premium).toContainText("Most popular");
    await expect(premium).toContainText("$9.99 / month");
    await expect(page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Basic Plan" }) })).toContainText("$4.99 / month");
    await expect(page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Family Plus Plan" }) })).toContainText("$24.99 / month");
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `plans-${testInfo.project.name}`);

    await annual.click();
    await expect(annual).toBeChecked();
    await expect(page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Basic Plan" }) })).toContainText("$50.90 / year");
    await expect(premium).toContainText("$101.90 / year");
    await expect(page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Family Plus Plan" }) })).toContainText("$254.90 / year");
    // What a year comes to a month, for comparing with the monthly price.
    await expect(page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Basic Plan" }) })).toContainText(
      "$4.24 a month, paid once a year",
    );
    await expect(premium).toContainText("$8.49 a month, paid once a year");
    await expect(page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Family Plus Plan" }) })).toContainText(
      "$21.24 a month, paid once a year",
    );
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `plans-annual-${testInfo.project.name}`);
    await monthly.click();
    await expect(page.getByText("a month, paid once a year")).toHaveCount(0);
  });

  test("fits a 320 px phone, the billing switch included", { tag: "@mobile-only" }, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto("/subscription");
    await page.getByRole("radio", { name: /Annual/ }).click();
    await expect(page.getByRole("radio", { name: /Annual/ })).toBeChecked();
    await expectNoSidewaysScrolling(page);
    const toggle = (await page.getByRole("radiogroup", { name: "Billing period" }).boundingBox())!;
    expect(toggle.x).toBeGreaterThanOrEqual(0);
    expect(toggle.x + toggle.width).toBeLessThanOrEqual(320);
    await saveScreenshot(page, `plans-320-${testInfo.project.name}`);
  });

  test("the billing period can be chosen with the arrow keys", { tag: "@desktop-only" }, async ({ page }) => {
    await page.goto("/subscription");
    const monthly = page.getByRole("radio", { name: "Monthly" });
    const annual = page.getByRole("radio", { name: /Annual/ });
    // Keys are held down until the choice is made, as a person's are: the radio group moves the
    // focus a moment after the key goes down, and selects only while an arrow key is still held.
    const hold = async (key: string, chosen: typeof monthly, timeout?: number) => {
      await page.keyboard.down(key);
      try {
        await expect(chosen).toBeChecked({ timeout });
      } finally {
        await page.keyboard.up(key);
      }
    };
    // A key pressed before the page has hydrated does nothing; press again until it is live.
    await expect(async () => {
      await monthly.focus();
      await hold("ArrowRight", annual, 1_000);
    }).toPass({ timeout: 15_000 });
    await expect(annual).toBeFocused();
    await hold("ArrowLeft", monthly);
    await expect(monthly).toBeFocused();
  });

  test("lists every feature, the services and the offers", async ({ page }) => {
    await page.goto("/subscription");
    for (const line of [
      "Standard questionnaires",
      "Up to 100 photo memories a month",
      "Up to 300 photo and 50 video memories a month",
      "Custom questionnaires",
      "Unlimited photo and video memories",
      "Extra members $4.99 a month each",
      "Birthday Book",
      "Extra pages $1.00 each",
      "From $99.99",
      "Custom Design Services",
      "Early adopter discount",
      "20% off your first year",
      "Family discount",
      "Gift subscriptions",
      "Have Questions?",
    ]) {
      await expect(page.getByText(line, { exact: false }).first()).toBeVisible();
    }
  });

  test("plan and order buttons only show a notice; nothing is bought", async ({ page }) => {
    const purchases: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET") purchases.push(request.url());
    });
    await page.goto("/subscription");
    await page.getByRole("button", { name: "Choose Premium Plan" }).click();
    await expect(page.getByText("Premium Plan cannot be purchased yet.", { exact: false })).toBeVisible();
    await page.getByRole("button", { name: "Order Birthday Book" }).click();
    await expect(page.getByText("Birthday Book cannot be purchased yet.", { exact: false })).toBeVisible();
    await page.getByRole("button", { name: "Contact Support" }).click();
    await expect(page.getByText("Contact Support will open here soon.")).toBeVisible();
    expect(purchases).toEqual([]);
  });
});
