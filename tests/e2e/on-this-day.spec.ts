import { expect, test } from "@playwright/test";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { createMemory } from "./support/content";

// The dashboard's "On this day" card (docs/product.md): memories from the browser's own date in
// earlier years — the viewer's own and what the family shared, never a relative's private one.

test.describe("On this day", () => {
  test("the dashboard lists this day's memories from earlier years, each linking to where it can be read", async ({ page, browser }, testInfo) => {
    await page.clock.setFixedTime(new Date("2026-06-15T09:30:00"));
    const grandma = await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    const grandsonContext = await browser.newContext();
    const grandson = await registerThroughApi(grandsonContext.request, newPerson("Tom", "Hughes"), grandma.invite_code);

    await createMemory(page.request, { title: "Picnic at the lake", date: "2020-06-15", shared: false, photos: 1 });
    await createMemory(page.request, { title: "Planted the apple tree", date: "2025-06-15", shared: true });
    await createMemory(page.request, { title: "This year's garden party", date: "2026-06-15", shared: true });
    await createMemory(grandsonContext.request, { title: "First fishing trip", date: "2016-06-15", shared: true });
    await createMemory(grandsonContext.request, { title: "Tom's private diary", date: "2018-06-15", shared: false });
    await grandsonContext.close();

    await page.goto("/family-dashboard");
    const card = page.getByRole("region", { name: "On this day" });
    await expect(card.getByRole("heading", { level: 2, name: "On this day" })).toBeVisible();
    const links = card.getByRole("link");
    await expect(links).toHaveCount(3);
    await expect(links.nth(0)).toHaveAccessibleName("1 year ago — Planted the apple tree By you, June 15, 2025");
    await expect(links.nth(1)).toHaveAccessibleName("6 years ago — Picnic at the lake By you, June 15, 2020");
    await expect(links.nth(2)).toHaveAccessibleName("10 years ago — First fishing trip By Tom Hughes, June 15, 2016");
    await expect(links.nth(1)).toHaveAttribute("href", /^\/memories\/edit\//);
    await expect(links.nth(2)).toHaveAttribute("href", `/family-book?member=${grandson.id}`);
    await expect(links.nth(1).locator("img")).toBeVisible();
    await expect(card.getByText("Tom's private diary")).toHaveCount(0);
    await expect(card.getByText("This year's garden party")).toHaveCount(0);
    for (const link of await links.all()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `on-this-day-${testInfo.project.name}`);

    await links.nth(2).click();
    await expect(page).toHaveURL(new RegExp(`/family-book\\?member=${grandson.id}$`));
    await expect(page.getByRole("button", { name: /First fishing trip/ })).toBeVisible();
  });

  test("a day without earlier memories says so in a short line", async ({ page }, testInfo) => {
    await page.clock.setFixedTime(new Date("2026-06-15T09:30:00"));
    await registerThroughApi(page.request, newPerson("Ada", "Lovelace"));
    await createMemory(page.request, { title: "Another day", date: "2020-06-16", shared: false });
    await page.goto("/family-dashboard");
    const card = page.getByRole("region", { name: "On this day" });
    await expect(card.getByText("No memories from this day in earlier years yet.")).toBeVisible();
    await expect(card.getByRole("link")).toHaveCount(0);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `on-this-day-empty-${testInfo.project.name}`);
  });
});
