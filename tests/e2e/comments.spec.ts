import { expect, test } from "@playwright/test";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { answerQuestionnaire, createMemory, shareSubmission } from "./support/content";

// Comments and reactions (docs/product.md §17): a relative reacts and comments on a shared
// memory in the Family Book, and its author reads the comment on their own memory and replies.

test.describe("comments and reactions", () => {
  test("a relative reacts and comments, and the author answers under their own memory", async ({ page, browser }, testInfo) => {
    const author = await registerThroughApi(page.request, newPerson("Ruth", "Hughes"));
    await createMemory(page.request, { title: "The summer of the flood", date: "1953-07-02", shared: true, content: "The river came up to the kitchen door." });

    const margaret = await browser.newContext();
    await registerThroughApi(margaret.request, newPerson("Margaret", "Hughes"), author.invite_code);
    const shared = await (await margaret.request.get("/api/memories/shared")).json();
    const memoryId = shared.data.memories[0].id as string;
    expect((await margaret.request.put(`/api/memories/${memoryId}/reactions/love`)).status()).toBe(200);
    await margaret.close();

    const relativeContext = await browser.newContext();
    const relative = await relativeContext.newPage();
    await registerThroughApi(relative.request, newPerson("Olof", "Hughes"), author.invite_code);

    // The relative opens the story: Margaret's love is counted and named.
    await relative.goto("/family-book");
    const card = relative.getByRole("listitem").filter({ has: relative.getByRole("button", { name: /The summer of the flood/ }) });
    await expect(card.getByText("1 reaction")).toBeVisible();
    await card.getByRole("button", { name: /The summer of the flood/ }).click();
    const reactions = card.getByRole("group", { name: "Reactions to The summer of the flood" });
    const love = reactions.getByRole("button", { name: "Love, 1: Margaret" });
    await expect(love).toHaveAttribute("aria-pressed", "false");

    // A tap adds the relative's own, announced with "you" last; every button reads as a name, a count and the people.
    await love.click();
    await expect(reactions.getByRole("button", { name: "Love, 2: Margaret and you" })).toHaveAttribute("aria-pressed", "true");
    await reactions.getByRole("button", { name: "Surprise, 0" }).click();
    await expect(reactions).toMatchAriaSnapshot(`
      - group "Reactions to The summer of the flood":
        - 'button "Love, 2: Margaret and you" [pressed]'
        - button "Laughter, 0"
        - 'button "Surprise, 1: you" [pressed]'
        - button "Thanks, 0"
        - button "Applause, 0"
    `);
    await expect(card.getByRole("list", { name: "Who reacted" })).toContainText("Love: Margaret and you");
    // Each button shows its word beside its emoji, not the emoji alone.
    await expect(reactions.getByRole("button", { name: "Love, 2: Margaret and you" })).toHaveText(/Love\s*2/);
    await expect(reactions.getByRole("button", { name: "Thanks, 0" })).toHaveText(/Thanks/);

    // The keyboard takes a reaction back as well.
    await reactions.getByRole("button", { name: "Surprise, 1: you" }).focus();
    await relative.keyboard.press("Enter");
    await expect(reactions.getByRole("button", { name: "Surprise, 0" })).toHaveAttribute("aria-pressed", "false");

    // A comment: too long is refused by the form with the product's words, then a real one is posted.
    await card.getByRole("button", { name: "Comments", exact: true }).click();
    await expect(card.getByText("No comments yet. Be the first to say something.")).toBeVisible();
    const box = card.getByLabel("Add a comment");
    await card.getByRole("button", { name: "Post comment" }).click();
    await expect(card.getByRole("alert")).toHaveText("Please write a comment first");
    await box.fill("I never knew that! Where did you sleep that night?");
    await card.getByRole("button", { name: "Post comment" }).click();
    const comments = card.getByRole("list", { name: "Comments on The summer of the flood" });
    await expect(comments.getByRole("listitem")).toHaveCount(1);
    await expect(comments).toContainText("Olof Hughes");
    await expect(comments).toContainText("just now");
    await expect(comments).toContainText("I never knew that! Where did you sleep that night?");
    await expect(card.getByRole("button", { name: "Comments (1)" })).toBeVisible();
    await expect(box).toHaveValue("");
    await expectNoSeriousAccessibilityViolations(relative);
    await saveScreenshot(relative, `comments-family-book-comment-${testInfo.project.name}`);

    // The author finds it under their own memory and replies.
    await page.goto("/memories");
    const own = page.getByRole("article", { name: "The summer of the flood" });
    await expect(own.getByText("1 comment · 2 reactions")).toBeVisible();
    await own.getByRole("button", { name: /Show details/ }).click();
    await own.getByRole("button", { name: "Comments (1)" }).click();
    await expect(own.getByRole("list", { name: "Comments on The summer of the flood" })).toContainText("Where did you sleep that night?");
    // The author may remove the relative's comment, but not edit it.
    await expect(own.getByRole("button", { name: "Delete the comment by Olof Hughes" })).toBeVisible();
    await expect(own.getByRole("button", { name: "Edit your comment" })).toHaveCount(0);
    await own.getByLabel("Add a comment").fill("Up in the hayloft, all six of us.");
    await own.getByRole("button", { name: "Post comment" }).click();
    await expect(own.getByRole("list", { name: "Comments on The summer of the flood" }).getByRole("listitem")).toHaveCount(2);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `comments-my-memories-reply-${testInfo.project.name}`);

    // The relative sees the reply, edits their own comment, and deletes it.
    await relative.reload();
    await card.getByRole("button", { name: /The summer of the flood/ }).click();
    await card.getByRole("button", { name: "Comments (2)" }).click();
    await expect(comments).toContainText("Up in the hayloft, all six of us.");
    await comments.getByRole("button", { name: "Edit your comment" }).click();
    await card.getByLabel("Edit your comment").fill("I never knew that!");
    await card.getByRole("button", { name: "Save" }).click();
    await expect(comments).toContainText("edited");
    await expect(comments.getByRole("listitem").first()).toContainText("I never knew that!");
    await comments.getByRole("button", { name: "Delete the comment by Olof Hughes" }).click();
    await card.getByRole("button", { name: "Yes, delete" }).click();
    await expect(comments.getByRole("listitem")).toHaveCount(1);
    await expect(card.getByRole("button", { name: "Comments (1)" })).toBeVisible();

    // Made private, the memory takes its conversation with it.
    await own.getByRole("switch").click();
    await expect(own.getByText("(Private)")).toBeVisible();
    await expect(own.getByRole("button", { name: /^Comments/ })).toHaveCount(0);
    await relative.reload();
    await expect(relative.getByText("The summer of the flood")).toHaveCount(0);
    await relativeContext.close();
  });

  test("a shared answer carries its own reactions and comments", async ({ page, browser }, testInfo) => {
    const author = await registerThroughApi(page.request, newPerson("Ruth", "Hughes"));
    const { submission } = await answerQuestionnaire(page.request, "Life Lessons", "Be kind to your neighbours");
    await shareSubmission(page.request, submission.id);

    const relativeContext = await browser.newContext();
    const relative = await relativeContext.newPage();
    await registerThroughApi(relative.request, newPerson("Olof", "Hughes"), author.invite_code);
    await relative.goto("/family-book?tab=responses");
    const panel = relative.getByRole("tabpanel", { name: "Shared Questionnaire Responses" });
    await panel.getByRole("button", { name: /Life Lessons/ }).click();
    // Each answer has its own conversation; the first answer's is used here.
    const first = panel.getByRole("region", { name: /^Reactions and comments: / }).first();
    const reactions = first.getByRole("group", { name: /^Reactions to / });
    await reactions.getByRole("button", { name: "Thanks, 0" }).click();
    await expect(reactions.getByRole("button", { name: "Thanks, 1: you" })).toHaveAttribute("aria-pressed", "true");
    await first.getByRole("button", { name: "Comments", exact: true }).click();
    await first.getByLabel("Add a comment").fill("Grandpa said the same.");
    await first.getByRole("button", { name: "Post comment" }).click();
    await expect(first.getByRole("button", { name: "Comments (1)" })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(relative);
    await saveScreenshot(relative, `comments-answer-comment-${testInfo.project.name}`);

    // The author reads it in the Family Book too, and may remove it.
    await page.goto("/family-book?tab=responses");
    const own = page.getByRole("tabpanel", { name: "Shared Questionnaire Responses" });
    await own.getByRole("button", { name: /Life Lessons/ }).click();
    const ownFirst = own.getByRole("region", { name: /^Reactions and comments: / }).first();
    await expect(ownFirst.getByRole("button", { name: "Thanks, 1: Olof" })).toHaveAttribute("aria-pressed", "false");
    await ownFirst.getByRole("button", { name: "Comments (1)" }).click();
    await expect(ownFirst.getByText("Grandpa said the same.")).toBeVisible();
    await ownFirst.getByRole("button", { name: "Delete the comment by Olof Hughes" }).click();
    await ownFirst.getByRole("button", { name: "Yes, delete" }).click();
    await expect(ownFirst.getByText("No comments yet. Be the first to say something.")).toBeVisible();
    await expect(ownFirst.getByRole("button", { name: "Comments", exact: true })).toBeVisible();
    await relativeContext.close();
  });
});
