import { expect, test } from "@playwright/test";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { createMemory } from "./support/content";
import { expectNoSidewaysScrolling } from "./support/layout";

// Search (docs/product.md, Search): from the header to /search?q=, accents ignored, matches
// highlighted, filters in the address, a relative's private memory never shown.

test.describe("search", () => {
  test("finds the family's memories from the header, highlights the match and links to where it is read", async ({ page, browser }, testInfo) => {
    const grandma = await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    const grandsonContext = await browser.newContext();
    const grandson = await registerThroughApi(grandsonContext.request, newPerson("Jürgen", "Hughes"), grandma.invite_code);
    await createMemory(page.request, {
      title: "Wedding in Köln",
      date: "1965-06-12",
      shared: true,
      content: "We danced at the old mill until the sun came up.",
    });
    await createMemory(page.request, { title: "Köln cathedral notes", date: "1980-03-01", shared: false, content: "My own notes from the trip." });
    await createMemory(grandsonContext.request, { title: "Jürgen's private Köln diary", date: "2010-01-01", shared: false });
    await createMemory(grandsonContext.request, { title: "First bike", date: "2012-09-03", shared: true, content: "Jürgen rode to the lake in Köln." });
    await grandsonContext.close();

    await page.goto("/family-dashboard");
    const mobile = testInfo.project.name === "mobile";
    if (mobile) {
      // On a phone the header has a search link with a full-size target instead of the box.
      const link = page.getByRole("banner").getByRole("link", { name: "Search" });
      expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await link.click();
      await expect(page).toHaveURL(/\/search$/);
      await expect(page.getByRole("heading", { level: 2, name: "Find a memory or an answer" })).toBeVisible();
      await page.getByRole("searchbox", { name: "Search memories and answers" }).fill("koln");
      await page.getByRole("button", { name: "Search", exact: true }).click();
    } else {
      await page.getByRole("banner").getByRole("link", { name: "Search" }).click();
      await expect(page.getByRole("heading", { level: 2, name: "Find a memory or an answer" })).toBeVisible();
      await expectNoSeriousAccessibilityViolations(page);
      await saveScreenshot(page, `search-empty-${testInfo.project.name}`);
      await page.getByRole("searchbox", { name: "Search memories and answers" }).fill("koln");
      await page.keyboard.press("Enter");
    }
    await expect(page).toHaveURL(/\/search\?q=koln&kind=all&member=&year=$/);

    const results = page.getByRole("list", { name: "Results" });
    await expect(results.getByRole("listitem")).toHaveCount(3);
    await expect(results.getByRole("link", { name: "Wedding in Köln" })).toHaveAttribute("href", /^\/memories\/edit\//);
    await expect(results.getByRole("link", { name: "First bike" })).toHaveAttribute("href", `/family-book?member=${grandson.id}`);
    await expect(results.locator("mark").filter({ hasText: "Köln" }).first()).toBeVisible();
    await expect(results.getByText("Only you can see this")).toHaveCount(1);
    await expect(page.getByText("Jürgen's private Köln diary")).toHaveCount(0);
    await expectNoSidewaysScrolling(page);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `search-results-${testInfo.project.name}`);

    // Filters live in the address too.
    await page.getByRole("combobox", { name: "Written by" }).selectOption({ label: "Jürgen Hughes" });
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`member=${grandson.id}`));
    await expect(results.getByRole("listitem")).toHaveCount(1);
    await expect(results.getByRole("link", { name: "First bike" })).toBeVisible();

    // Nothing found: a message that helps, and a way out of the filters.
    await page.goto(`/search?q=${encodeURIComponent('"mill old"')}&member=${grandson.id}`);
    await expect(page.getByRole("heading", { level: 2, name: 'Nothing found for “"mill old"”' })).toBeVisible();
    await page.getByRole("link", { name: "Search everything instead" }).click();
    await expect(page).toHaveURL(/\/search\?q=%22mill\+old%22$/);
    await expect(page.getByRole("combobox", { name: "Written by" })).toHaveValue("");
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `search-nothing-${testInfo.project.name}`);

    if (!mobile) {
      // Between 768 and 1280 px the folded menu leaves room for the box itself in the header.
      await page.setViewportSize({ width: 768, height: 900 });
      await page.goto("/family-book");
      const box = page.getByRole("search", { name: "Search Family Book" }).getByRole("searchbox", { name: "Search memories and answers" });
      await box.fill("Jurgen");
      await box.press("Enter");
      await expect(page).toHaveURL(/\/search\?q=Jurgen$/);
      await expect(page.getByRole("list", { name: "Results" }).getByRole("link", { name: "First bike" })).toBeVisible();
      await expectNoSidewaysScrolling(page);
      await page.goto("/family-book");
      await saveScreenshot(page, "search-header-768");
    }
  });

  test("finds a word in a comment, offers Málaga for malga, and shows each memory's photo", async ({ page, browser }, testInfo) => {
    const grandma = await registerThroughApi(page.request, newPerson("Rosa", "Molina"));
    const story = await createMemory(page.request, {
      title: "The summer in Málaga",
      date: "1974-08-01",
      shared: true,
      photos: 1,
      content: "We rented a flat by the sea.",
    });
    const olivia = await browser.newContext();
    await registerThroughApi(olivia.request, newPerson("Olivia", "Molina"), grandma.invite_code);
    expect((await olivia.request.post(`/api/memories/${story.id}/comments`, { data: { body: "Remember the octopus at the harbour?" } })).status()).toBe(201);
    await olivia.close();

    // A small slip of the keys: nothing is found, and the family's own word is offered instead.
    await page.goto("/search?q=malga");
    await expect(page.getByRole("heading", { level: 2, name: "Nothing found for “malga”" })).toBeVisible();
    await page.getByRole("link", { name: "Málaga" }).click();
    await expect(page).toHaveURL(/\/search\?q=M%C3%A1laga/);
    const results = page.getByRole("list", { name: "Results" });
    const memory = results.getByRole("listitem").filter({ has: page.getByRole("link", { name: "The summer in Málaga" }) });
    await expect(memory.locator("img")).toHaveCount(1);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `search-did-you-mean-${testInfo.project.name}`);

    // A comment is found too, and opens the story on it.
    await page.goto("/search?q=octopus");
    await expect(results.getByText("Comment on a memory")).toBeVisible();
    await results.getByRole("link", { name: "The summer in Málaga" }).click();
    await expect(page).toHaveURL(/comment=[0-9a-f-]{36}#memory-/);
    await expect(page.getByText("The comment you came to see")).toBeVisible();
    await expectNoSidewaysScrolling(page);
  });
});
