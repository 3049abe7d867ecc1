import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { answerQuestionnaire, createMemory, shareSubmission } from "./support/content";
import { expectNoSidewaysScrolling, expectReadableText } from "./support/layout";

// docs/product.md §1: every screen fits a 320 px phone and a wide screen alike, and everything a
// person must read is at least 16 px. The widths are set by hand, so these run in one project.

const WIDTHS = [320, 390, 768, 1024, 1280];

async function checkScreen(page: Page, path: string, prepare?: (page: Page) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    await prepare?.(page);
    await test.step(`${path} at ${width} px`, async () => {
      await expectNoSidewaysScrolling(page);
      await expectReadableText(page);
      // The header stays one line high at every width: the menu folds into a panel before it would wrap.
      // Measured once the page has settled: a box read mid-navigation is missing, not tall.
      await expect
        .poll(async () => (await page.locator("body > header").boundingBox())?.height, { message: `the header's height at ${width} px` })
        .toBeLessThan(80);
    });
  }
}

test.describe("every screen at every width", { tag: "@desktop-only" }, () => {
  // Each walk opens every screen at each width of the list and waits for it to settle: about two
  // minutes on a two-core machine, so each has three times the usual time.
  test.beforeEach(() => test.slow());
  test("public screens fit the window and read at 16 px or more", async ({ page }) => {
    for (const path of ["/", "/ask", "/register", "/register?tab=register", "/subscription", "/memories", "/questionnaires", "/family-book", "/no-such-page"]) {
      await checkScreen(page, path);
    }
  });

  test("a member's screens fit the window and read at 16 px or more", async ({ page, browser }) => {
    const grandma = await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    const relative = await browser.newContext();
    await registerThroughApi(relative.request, newPerson("Thomas-Alexander", "Hughes-Montgomery"), grandma.invite_code);
    await createMemory(page.request, { title: "Summer at the lake, the year the boat sank and everyone swam home", shared: true, photos: 2 });
    const { submission } = await answerQuestionnaire(page.request, "Traditions and Holidays", "Christmas");
    await answerQuestionnaire(page.request, "Traditions and Holidays", "Easter");
    await shareSubmission(page.request, submission.id);

    await checkScreen(page, "/family-dashboard");
    await checkScreen(page, "/memories", async (page) => page.getByRole("button", { name: /Show details/ }).click());
    await checkScreen(page, "/memories/add");
    await checkScreen(page, "/questionnaires");
    await checkScreen(page, "/questionnaires/create", async (page) => {
      await page.getByRole("radio", { name: "Specific Family Members" }).click();
      await expect(page.getByRole("checkbox", { name: "Thomas-Alexander Hughes-Montgomery" })).toBeVisible();
    });
    await checkScreen(page, "/completed-questionnaires", async (page) => page.getByRole("button", { name: /^Traditions and Holidays/ }).click());
    await checkScreen(page, "/family-book");
    await checkScreen(page, "/family-book?tab=timeline");
    await relative.close();
  });
});

test.describe("small things", () => {
  test("checkboxes are square, not round like radio buttons", async ({ page }, testInfo) => {
    await registerThroughApi(page.request, newPerson());
    await page.goto("/questionnaires/create");
    const required = page.getByRole("checkbox", { name: "Required" });
    await expect(required).toBeVisible();
    const shape = await required.evaluate((box) => {
      const style = getComputedStyle(box);
      return { radius: Number.parseFloat(style.borderTopLeftRadius), width: box.getBoundingClientRect().width, height: box.getBoundingClientRect().height };
    });
    expect(shape.width).toBe(shape.height);
    expect(shape.radius).toBeLessThanOrEqual(shape.width / 6);
    await required.click();
    await expect(required).toBeChecked();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `checkbox-${testInfo.project.name}`);
  });

  test("the menu folds into the panel below 1280 px and is one line from 1280 px", { tag: "@desktop-only" }, async ({ page }, testInfo) => {
    await registerThroughApi(page.request, newPerson());
    for (const width of [768, 1279]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/memories");
      await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
      await saveScreenshot(page, `header-${width}-${testInfo.project.name}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeVisible();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
    const tops = await nav.getByRole("link").evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await saveScreenshot(page, `header-1280-${testInfo.project.name}`);
  });

  test("on a phone, the admin's actions on each member are buttons a finger can hit", { tag: "@mobile-only" }, async ({ page }, testInfo) => {
    const grandma = await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    const relative = await page.context().browser()!.newContext();
    await registerThroughApi(relative.request, newPerson("Tom", "Hughes"), grandma.invite_code);
    await page.goto("/family-dashboard");
    const tom = page.getByRole("list").filter({ hasText: "Tom Hughes" }).getByRole("listitem").filter({ hasText: "Tom Hughes" });
    const removeButton = tom.getByRole("button", { name: "Remove from family: Tom Hughes" });
    await expect(removeButton).toBeVisible();
    expect((await removeButton.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // The switch's own input covers a 44 px area around its track.
    const adminSwitch = tom.getByRole("switch", { name: "Admin access: Tom Hughes" });
    const area = (await adminSwitch.boundingBox())!;
    expect(Math.min(area.width, area.height)).toBeGreaterThanOrEqual(44);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `dashboard-members-${testInfo.project.name}`);
    await relative.close();
  });

  test("memory cards show their first photo as a cover", async ({ page }) => {
    await registerThroughApi(page.request, newPerson());
    await createMemory(page.request, {
      title: "With photos",
      shared: true,
      photos: [
        { width: 600, height: 900 },
        { width: 900, height: 600 },
      ],
    });
    await createMemory(page.request, { title: "Without photos", shared: true });
    await page.goto("/memories");
    const withPhotos = page.getByRole("article", { name: "With photos" });
    const cover = withPhotos.locator("img[data-cover]");
    await expect(cover).toBeVisible();
    expect(await cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expect(page.getByRole("article", { name: "Without photos" }).locator("img[data-cover]")).toHaveCount(0);
    await expect(withPhotos.getByRole("button", { name: "View the photos of With photos" })).toBeVisible();

    await page.goto("/family-book");
    const book = page.getByRole("tabpanel", { name: "Shared Memories" });
    await expect(book.getByRole("button", { name: /With photos/ }).locator("img[data-cover]")).toBeVisible();
    await expect(book.getByRole("button", { name: /Without photos/ }).locator("img[data-cover]")).toHaveCount(0);
  });

  test("on a wide screen the timeline's two sides interleave and use the width", { tag: "@desktop-only" }, async ({ page }, testInfo) => {
    await registerThroughApi(page.request, newPerson());
    for (const [index, date] of ["2001-01-01", "2002-02-02", "2003-03-03", "2004-04-04"].entries()) {
      await createMemory(page.request, { title: `Story ${index + 1}`, date, shared: true, photos: index % 2 });
    }
    await page.goto("/family-book?tab=timeline");
    const entries = page.getByRole("tabpanel", { name: "Timeline" }).getByRole("listitem");
    await expect(entries).toHaveCount(4);
    const boxes = await entries.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
    const list = (await page.getByRole("tabpanel", { name: "Timeline" }).getByRole("list").boundingBox())!;
    for (const [index, box] of boxes.entries()) {
      expect(box.width, "each side is nearly half the width").toBeGreaterThan(list.width * 0.4);
      if (index > 0) {
        const before = boxes[index - 1]!;
        expect(box.x === before.x, "consecutive entries alternate sides").toBe(false);
        expect(box.top, "newest first, top to bottom").toBeGreaterThan(before.top);
        expect(box.top, "each entry starts beside the one before it, not below it").toBeLessThan(before.bottom);
      }
    }
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `timeline-wide-${testInfo.project.name}`);
  });
});
