import { expect, test } from "@playwright/test";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";

const signedOutLinks = ["Memories", "Questionnaires", "Family Book", "Plans", "Ask a Question", "Register"];

test.describe("the menu on wide screens", { tag: "@desktop-only" }, () => {
  test("shows the signed-out links inline and no menu button", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const label of signedOutLinks) await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  });
});

test.describe("the menu under 1280 px", { tag: "@mobile-only" }, () => {
  test("collapses into a side panel that opens from the right as a dialog", async ({ page }, testInfo) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

    const opener = page.getByRole("button", { name: "Open menu" });
    await opener.click();
    const panel = page.getByRole("dialog", { name: "Menu" });
    await expect(panel).toBeVisible();
    for (const label of signedOutLinks) await expect(panel.getByRole("link", { name: label, exact: true })).toBeVisible();

    const box = (await panel.boundingBox())!;
    expect(box.x + box.width).toBeCloseTo(390, 0);
    expect(box.x).toBeGreaterThan(0);

    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `menu-open-${testInfo.project.name}`);
  });

  test("keeps focus inside the panel, closes on Escape and returns focus to the button", async ({ page }) => {
    await page.goto("/");
    const opener = page.getByRole("button", { name: "Open menu" });
    await opener.click();
    const panel = page.getByRole("dialog", { name: "Menu" });
    await expect(panel).toBeVisible();

    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press("Tab");
      expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("closes from its Close button and from a tap on the page beside it", async ({ page }) => {
    await page.goto("/");
    const opener = page.getByRole("button", { name: "Open menu" });
    const panel = page.getByRole("dialog", { name: "Menu" });
    await opener.click();
    await panel.getByRole("button", { name: "Close menu" }).click();
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(panel).toBeVisible();
    await page.mouse.click(20, 400);
    await expect(panel).toBeHidden();
  });

  test("closes when a link is followed", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Ask a Question" }).click();
    await expect(page).toHaveURL(/\/ask$/);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });
});
