import { expect, test } from "@playwright/test";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { expectOneToastHidingNothing } from "./support/layout";

// docs/product.md §4: toasts appear at the bottom of the screen, one at a time, and never cover
// the header or the page's title.

test.describe("toasts", () => {
  test("show one message at a time at the bottom, clear of the header and the title", async ({ page }, testInfo) => {
    await page.goto("/subscription");
    await page.getByRole("button", { name: "Choose Basic Plan" }).press("Enter");
    await expectOneToastHidingNothing(page, "Basic Plan cannot be purchased yet. We will let you know as soon as it can.");
    // A second message takes the place of the first instead of stacking over the page.
    await page.getByRole("button", { name: "Choose Premium Plan" }).press("Enter");
    await expectOneToastHidingNothing(page, "Premium Plan cannot be purchased yet. We will let you know as soon as it can.");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectOneToastHidingNothing(page, "Premium Plan cannot be purchased yet.");
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `toast-${testInfo.project.name}`);
  });

  test("after a change on a signed-in screen, the toast leaves the page's title and the header in view", async ({ page }) => {
    await registerThroughApi(page.request, newPerson("Ada", "Toast"));
    const form = new FormData();
    form.append("title", "The red bicycle");
    form.append("content", "It was far too big for me.");
    form.append("memory_date", "1961-05-01");
    expect((await page.request.post("/api/memories", { multipart: form })).status()).toBe(201);
    await page.goto("/memories");
    await page.getByRole("switch", { name: "Share with Family" }).click();
    await expectOneToastHidingNothing(page, "Memory sharing status has been updated.");
    await page.getByRole("switch", { name: "Share with Family" }).click();
    await expectOneToastHidingNothing(page, "Memory sharing status has been updated.");
    // The toast can be closed at once with its own button, a target a finger can hit, clear of the words.
    const toast = page.locator("[data-sonner-toast][data-visible='true']");
    const close = toast.getByRole("button", { name: "Close toast" });
    const target = (await close.boundingBox())!;
    expect(Math.min(target.width, target.height)).toBeGreaterThanOrEqual(44);
    const words = (await toast.locator("[data-title]").boundingBox())!;
    expect(words.x + words.width <= target.x || words.y + words.height <= target.y).toBe(true);
    await close.click();
    await expect(page.locator("[data-sonner-toast][data-visible='true']")).toHaveCount(0);
  });
});
