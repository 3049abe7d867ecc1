import { expect, test } from "@playwright/test";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { createMemory } from "./support/content";
import { expectNoSidewaysScrolling } from "./support/layout";

// "Tell us more" (docs/product.md §22): a relative asks the author of a shared memory a follow-up
// question from its comment box; the author is told by the bell, answers on their screen of
// waiting questions, and the answer shows under the story in the Family Book for the family.

test.describe("tell us more", () => {
  test("a relative asks, the author answers, and the answer shows under the story", async ({ page, browser }, testInfo) => {
    const author = await registerThroughApi(page.request, newPerson("Ruth", "Hughes"));
    await createMemory(page.request, { title: "Summer at the lake", date: "1961-07-14", shared: true, content: "We rowed to the island every morning." });

    // The relative opens the Family Book and asks from the comment box.
    const relativeContext = await browser.newContext();
    const relativePage = await relativeContext.newPage();
    await registerThroughApi(relativeContext.request, newPerson("Olof", "Hughes"), author.invite_code);
    await relativePage.goto("/family-book");
    const card = relativePage.getByRole("listitem").filter({ has: relativePage.getByRole("button", { name: /Summer at the lake/ }) });
    await card.getByRole("button", { name: /Summer at the lake/ }).click();
    await card.getByRole("button", { name: "Comments" }).click();
    await card.getByRole("button", { name: "Ask Ruth to tell us more" }).click();
    const question = card.getByLabel("Your question for Ruth");

    // The question's rules, in the words the API uses too; nothing typed is lost.
    await card.getByRole("button", { name: "Send question" }).click();
    await expect(card.getByRole("alert")).toHaveText("Please write your question first");
    await question.fill("Hm");
    await card.getByRole("button", { name: "Send question" }).click();
    await expect(card.getByRole("alert")).toHaveText("A question needs at least 3 characters");
    await expect(question).toHaveValue("Hm");
    await expect(question).toHaveAttribute("maxlength", "500");

    await question.fill("Who taught you to row?");
    await expectNoSeriousAccessibilityViolations(relativePage);
    await card.getByRole("button", { name: "Send question" }).click();
    await expect(card.getByText("Your question was sent to Ruth. Their answer will show under the story.")).toBeVisible();
    await expect(card.getByRole("button", { name: "Ask Ruth to tell us more" })).toBeVisible();

    // The author sees the bell, and its notification leads to the waiting question.
    await page.goto("/family-dashboard");
    await expect(page.getByRole("heading", { name: "Your family wants to know more", level: 2 })).toBeVisible();
    await expect(page.getByText("1 question about your stories is waiting for your answer.")).toBeVisible();
    await page.getByRole("link", { name: /^Notifications, \d+ unread$/ }).click();
    await page.getByRole("link", { name: /Olof Hughes asked you to tell more about “Summer at the lake”/ }).click();
    await expect(page).toHaveURL(/\/follow-ups#follow-up-[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "Questions from your family", level: 1 })).toBeVisible();
    const waiting = page
      .getByRole("list", { name: "Waiting questions, oldest first" })
      .getByRole("article", { name: "Olof Hughes asked about “Summer at the lake”" });
    await expect(waiting.getByRole("blockquote")).toHaveText("Who taught you to row?");
    const answer = waiting.getByLabel("Your answer to Olof");
    await expect(answer).toBeFocused();
    await expectNoSidewaysScrolling(page);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `tell-us-more-waiting-${testInfo.project.name}`);

    await waiting.getByRole("button", { name: "Send answer" }).click();
    await expect(waiting.getByRole("alert")).toHaveText("Please write your answer first");
    await answer.fill("My grandfather, on the lake behind the house, the summer I turned seven.");
    await waiting.getByRole("button", { name: "Send answer" }).click();
    await expect(page.getByText("No questions are waiting for you.")).toBeVisible();

    // Under the story, for the relative who asked, and for the author on their own memory.
    await relativePage.reload();
    await card.getByRole("button", { name: /Summer at the lake/ }).click();
    const more = card.getByRole("region", { name: "More about Summer at the lake" });
    await expect(more).toContainText("Olof Hughes asked: Who taught you to row?");
    await expect(more).toContainText("Ruth Hughes answered: My grandfather, on the lake behind the house, the summer I turned seven.");
    await expectNoSeriousAccessibilityViolations(relativePage);
    await saveScreenshot(relativePage, `tell-us-more-answered-${testInfo.project.name}`);
    await relativeContext.close();

    await page.goto("/memories");
    await expect(page.getByText("1 question answered")).toBeVisible();
    await page.getByRole("button", { name: "Show details for Summer at the lake" }).click();
    await expect(page.getByRole("region", { name: "More about Summer at the lake" })).toContainText("Ruth Hughes answered: My grandfather");
    // The author cannot ask themselves.
    await expect(page.getByRole("button", { name: /to tell us more/ })).toHaveCount(0);
  });
});
