import { expect, test } from "@playwright/test";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { createMemory } from "./support/content";
import { expectNoSidewaysScrolling, expectReadableText } from "./support/layout";

// Home shows the family's stories (docs/product.md §2): "New from your family" heads the dashboard,
// with each story's photo, author and first lines, and what is new since the last visit; the Family
// Book shows the start of each story before it is opened.

test.describe("New from your family", () => {
  test("a granddaughter invited to read the stories sees them first on her dashboard, and the start of each in the Family Book", async ({
    page,
    browser,
  }, testInfo) => {
    const grandmaContext = await browser.newContext();
    const grandma = await registerThroughApi(grandmaContext.request, newPerson("Rosa", "Molina"));
    await createMemory(grandmaContext.request, {
      title: "Málaga, the summer of 1974",
      date: "1974-08-10",
      shared: true,
      photos: 1,
      content: "We took the night train south, all six of us in one compartment, and your grandfather sang until the guard came.",
    });
    await createMemory(grandmaContext.request, { title: "Kept for myself", shared: false });

    await registerThroughApi(page.request, newPerson("Olivia", "Molina"), grandma.invite_code);
    await page.goto("/family-dashboard");
    const news = page.getByRole("region", { name: "New from your family" });
    await expect(news).toBeVisible();
    // It comes before the set-up cards.
    const newsTop = (await news.boundingBox())!.y;
    expect(newsTop).toBeLessThan((await page.getByRole("region", { name: "Your first steps" }).boundingBox())!.y);
    await expect(news.getByText("1 new since you last looked.")).toBeVisible();
    const story = news.getByRole("link", { name: /Málaga, the summer of 1974/ });
    await expect(story).toContainText("New");
    await expect(story).toContainText("A story by Rosa Molina");
    await expect(story).toContainText("We took the night train south");
    await expect(story.locator("img")).toHaveCount(1);
    await expect(news.getByText("Kept for myself")).toHaveCount(0);
    await expectNoSeriousAccessibilityViolations(page);
    await expectNoSidewaysScrolling(page);
    await expectReadableText(page);
    await saveScreenshot(page, `dashboard-family-news-${testInfo.project.name}`);

    // Seen: the next visit no longer calls it new.
    await page.reload();
    await expect(news.getByText("The latest stories and answers your relatives shared.")).toBeVisible();
    await expect(story).not.toContainText("New");

    // It leads to the story in the Family Book, where the start of each story shows before it is opened.
    await story.click();
    await expect(page).toHaveURL(/\/family-book\?member=[0-9a-f-]+#memory-[0-9a-f-]+$/);
    await page.goto("/family-book");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: /Málaga, the summer of 1974/ }) });
    await expect(card.getByRole("button", { name: /Málaga/ })).toHaveAttribute("aria-expanded", "false");
    await expect(card.getByText(/^We took the night train south/)).toBeVisible();
    await saveScreenshot(page, `family-book-story-start-${testInfo.project.name}`);
    await grandmaContext.close();
  });
});
