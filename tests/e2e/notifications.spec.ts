import { expect, test } from "@playwright/test";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { createMemory } from "./support/content";
import { expectNoSidewaysScrolling } from "./support/layout";

// Notifications (docs/product.md §21): a relative comments on and reacts to a shared memory; its
// author sees the bell's count, opens the notification, lands on the memory and replies; then
// marks the rest read and turns a kind off in Settings.

test.describe("notifications", () => {
  test("the author sees the bell, opens a comment's notification and replies", async ({ page, browser }, testInfo) => {
    const author = await registerThroughApi(page.request, newPerson("Ruth", "Hughes"));
    await createMemory(page.request, { title: "Summer at the lake", date: "1961-07-14", shared: true, content: "We rowed to the island every morning." });

    const relativeContext = await browser.newContext();
    await registerThroughApi(relativeContext.request, newPerson("Olof", "Hughes"), author.invite_code);
    const shared = await (await relativeContext.request.get("/api/memories/shared")).json();
    const memoryId = shared.data.memories[0].id as string;
    expect((await relativeContext.request.put(`/api/memories/${memoryId}/reactions/love`)).status()).toBe(200);
    expect((await relativeContext.request.post(`/api/memories/${memoryId}/comments`, { data: { body: "Who rowed the fastest?" } })).status()).toBe(201);
    await relativeContext.close();

    // The bell: a number and a name that says it, a 44 px target.
    await page.goto("/family-dashboard");
    const bell = page.getByRole("link", { name: "Notifications, 3 unread" });
    await expect(bell).toBeVisible();
    await expect(bell).toHaveText("3");
    const box = await bell.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await bell.click();

    await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
    const list = page.getByRole("main").getByRole("list");
    await expect(list.getByRole("link")).toHaveText([
      /Olof Hughes commented on “Summer at the lake”/,
      /Olof Hughes loved “Summer at the lake”/,
      /Olof Hughes joined your family/,
    ]);
    await expect(page.getByText("3 unread.")).toBeVisible();
    await expectNoSidewaysScrolling(page);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `notifications-notifications-${testInfo.project.name}`);

    // Opening it lands on the very comment: the memory opened in the Family Book, its comments
    // unfolded, the comment scrolled to, given the focus and marked in words; and it is read.
    await list.getByRole("link", { name: /commented on/ }).click();
    await expect(page).toHaveURL(new RegExp(`/family-book\\?member=${author.id}&comment=[0-9a-f-]{36}#memory-${memoryId}$`));
    const card = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: /Summer at the lake/ }) });
    await expect(card.getByRole("button", { name: /Summer at the lake/ })).toHaveAttribute("aria-expanded", "true");
    await expect(card.getByRole("button", { name: "Comments (1)" })).toHaveAttribute("aria-expanded", "true");
    const comments = card.getByRole("list", { name: "Comments on Summer at the lake" });
    const landedOn = comments.getByRole("listitem").filter({ hasText: "Who rowed the fastest?" });
    await expect(landedOn).toBeFocused();
    await expect(landedOn).toHaveAttribute("aria-current", "true");
    await expect(landedOn.getByText("The comment you came to see")).toBeVisible();
    await expect(landedOn).toBeInViewport();
    await expect(page.getByRole("link", { name: "Notifications, 2 unread" })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `notifications-landed-on-comment-${testInfo.project.name}`);

    // The author replies under the comment.
    await card.getByLabel("Add a comment").fill("Your grandfather, every single time.");
    await card.getByRole("button", { name: "Post comment" }).click();
    await expect(comments.getByRole("listitem")).toHaveCount(2);

    // Mark all as read clears the bell.
    await page.getByRole("link", { name: "Notifications, 2 unread" }).click();
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.getByText("Nothing unread.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Notifications, none unread" })).toBeVisible();

    // Settings: a switch per kind for the app and for email, with real names.
    await page.goto("/settings");
    const settings = page.getByRole("heading", { name: "Notifications", level: 2 });
    await expect(settings).toBeVisible();
    const commentsByEmail = page.getByRole("switch", { name: "Comments: by email" });
    await expect(commentsByEmail).toBeChecked();
    await commentsByEmail.click();
    await expect(page.getByText("Comments, by email: off.")).toBeVisible();
    await expect(commentsByEmail).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole("switch", { name: "Comments: by email" })).not.toBeChecked();
    await expect(page.getByRole("switch", { name: "Reactions: in the app" })).toBeChecked();
    await expectNoSidewaysScrolling(page);
    await expectNoSeriousAccessibilityViolations(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, `notifications-settings-${testInfo.project.name}`);
    await page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Comments", level: 3 }) })
      .locator("xpath=ancestor::div[@data-slot='card']")
      .screenshot({ path: `test-results/screenshots/notifications-settings-card-${testInfo.project.name}.png` });
  });
});
