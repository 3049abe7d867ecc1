import path from "node:path";
import { expect, test } from "@playwright/test";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { createMemory } from "./support/content";
import { expectNoSidewaysScrolling } from "./support/layout";

// "Tell us more" (docs/product.md §22): a relative asks the author of a shared memory a follow-up
// question from its comment box; the author is told by the bell, answers on their screen of
// waiting questions — in writing, then out loud too — and the answer shows under the story in the
// Family Book for the family, who hear it there.

const QUESTION = "Who taught you to row?";

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

    await question.fill(QUESTION);
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
    await expect(waiting.getByRole("blockquote")).toHaveText(QUESTION);
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

    // Answered just now: the answer can be told out loud too, and is heard with it under the story.
    const answered = page.getByRole("region", { name: "Answered just now" });
    await expect(answered.getByRole("heading", { name: "You answered Olof Hughes about “Summer at the lake”" })).toBeFocused();
    await answered.getByRole("button", { name: `Tell it out loud for your answer to: ${QUESTION}` }).click();
    const told = answered.getByRole("region", { name: "Told out loud" });
    await expect(told.getByText(/Tell your answer in your own voice/)).toBeVisible();
    await expect(told.getByRole("button", { name: "Record", exact: true })).toBeVisible();
    await told.getByLabel("Add a recording").setInputFiles(path.join(process.cwd(), "tests/fixtures/recordings/speech.ogg"));
    await expect(page.getByText("Recording saved", { exact: true })).toBeVisible();
    await told.getByLabel("What was said").fill("Grandfather taught me, the summer I turned seven.");
    await told.getByRole("button", { name: "Save transcript" }).click();
    await expect(page.getByText("Transcript saved", { exact: true })).toBeVisible();
    await expectNoSidewaysScrolling(page);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `tell-us-more-recording-${testInfo.project.name}`);

    // Under the story, for the relative who asked, and for the author on their own memory.
    await relativePage.reload();
    await card.getByRole("button", { name: /Summer at the lake/ }).click();
    const more = card.getByRole("region", { name: "More about Summer at the lake" });
    await expect(more).toContainText("Olof Hughes asked: Who taught you to row?");
    await expect(more).toContainText("Ruth Hughes answered: My grandfather, on the lake behind the house, the summer I turned seven.");
    const play = more.getByRole("button", { name: `Play the recording of ${QUESTION}` });
    await more.getByText("Read what was said").click();
    await expect(more.getByText("Grandfather taught me, the summer I turned seven.")).toBeVisible();
    await play.click();
    await expect(more.getByRole("button", { name: `Pause the recording of ${QUESTION}` })).toBeVisible();
    // Only its author changes it.
    await expect(more.getByRole("button", { name: /Change the recording|Tell it out loud/ })).toHaveCount(0);
    await expectNoSeriousAccessibilityViolations(relativePage);
    await saveScreenshot(relativePage, `tell-us-more-answered-${testInfo.project.name}`);
    await relativeContext.close();

    await page.goto("/memories");
    await expect(page.getByText("1 question answered")).toBeVisible();
    await page.getByRole("button", { name: "Show details for Summer at the lake" }).click();
    const own = page.getByRole("region", { name: "More about Summer at the lake" });
    await expect(own).toContainText("Ruth Hughes answered: My grandfather");
    await expect(own.getByRole("button", { name: `Change the recording for your answer to: ${QUESTION}` })).toBeVisible();
    await expect(own.getByRole("button", { name: `Play the recording of ${QUESTION}` })).toBeVisible();
    // A printed book carries a code of the answer; its author stops it there.
    expect((await page.request.get("/api/family-book/pdf?size=A4")).status()).toBe(200);
    await page.reload();
    await page.getByRole("button", { name: "Show details for Summer at the lake" }).click();
    await own.getByRole("button", { name: `Change the recording for your answer to: ${QUESTION}` }).click();
    await own.getByRole("button", { name: "Stop printed codes" }).click();
    await page.getByRole("dialog", { name: "Stop the printed codes?" }).getByRole("button", { name: "Stop Codes" }).click();
    await expect(page.getByText("Printed codes stopped", { exact: true })).toBeVisible();
    await expect(own.getByRole("button", { name: "Stop printed codes" })).toHaveCount(0);
    // The author cannot ask themselves.
    await expect(page.getByRole("button", { name: /to tell us more/ })).toHaveCount(0);
  });

  test("the author answers out loud alone, with nothing typed, and the family hears the answer under the story", async ({ page, browser }, testInfo) => {
    const author = await registerThroughApi(page.request, newPerson("Ruth", "Hughes"));
    const memory = await createMemory(page.request, { title: "Summer at the lake", date: "1961-07-14", shared: true, content: "We rowed to the island." });
    const relativeContext = await browser.newContext();
    await registerThroughApi(relativeContext.request, newPerson("Olof", "Hughes"), author.invite_code);
    const asked = await relativeContext.request.post("/api/follow-ups", { data: { memory_id: memory.id, question: QUESTION } });
    expect(asked.status(), await asked.text()).toBe(201);

    await page.goto("/follow-ups");
    const waiting = page.getByRole("article", { name: "Olof Hughes asked about “Summer at the lake”" });
    await waiting.getByRole("button", { name: `Tell it out loud to answer Olof Hughes: ${QUESTION}` }).click();
    const told = waiting.getByRole("region", { name: "Told out loud" });
    await expect(told.getByText(/^Rather say it than type it\? Tell your answer in your own voice/)).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `tell-us-more-out-loud-${testInfo.project.name}`);
    await told.getByLabel("Add a recording").setInputFiles(path.join(process.cwd(), "tests/fixtures/recordings/speech.ogg"));
    await expect(page.getByText("Recording saved", { exact: true })).toBeVisible();

    // The recording answered it: it leaves the waiting list, answered just now, told out loud.
    await expect(page.getByText("No questions are waiting for you.")).toBeVisible();
    const answered = page.getByRole("region", { name: "Answered just now" });
    await expect(answered.getByRole("heading", { name: "You answered Olof Hughes about “Summer at the lake”" })).toBeFocused();
    await expect(answered.getByText("told out loud. Your family hears it under the story.")).toBeVisible();
    await expect(answered.getByRole("button", { name: `Play the recording of ${QUESTION}` })).toBeVisible();
    await expectNoSidewaysScrolling(page);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `tell-us-more-out-loud-answered-${testInfo.project.name}`);

    const relativePage = await relativeContext.newPage();
    await relativePage.goto("/family-book");
    const card = relativePage.getByRole("listitem").filter({ has: relativePage.getByRole("button", { name: /Summer at the lake/ }) });
    await card.getByRole("button", { name: /Summer at the lake/ }).click();
    const more = card.getByRole("region", { name: "More about Summer at the lake" });
    await expect(more).toContainText("Olof Hughes asked: Who taught you to row?");
    await expect(more).toContainText("Ruth Hughes answered out loud:");
    await expect(more.getByRole("button", { name: `Play the recording of ${QUESTION}` })).toBeVisible();
    await relativeContext.close();
  });

  test("words typed before the recording is sent are sent first, and kept with it", async ({ page, browser }) => {
    const author = await registerThroughApi(page.request, newPerson("Ruth", "Hughes"));
    const memory = await createMemory(page.request, { title: "Summer at the lake", date: "1961-07-14", shared: true, content: "We rowed to the island." });
    const relativeContext = await browser.newContext();
    await registerThroughApi(relativeContext.request, newPerson("Olof", "Hughes"), author.invite_code);
    expect((await relativeContext.request.post("/api/follow-ups", { data: { memory_id: memory.id, question: QUESTION } })).status()).toBe(201);
    await relativeContext.close();

    await page.goto("/follow-ups");
    const waiting = page.getByRole("article", { name: "Olof Hughes asked about “Summer at the lake”" });
    await waiting.getByLabel("Your answer to Olof").fill("My grandfather.");
    await waiting.getByRole("button", { name: `Tell it out loud to answer Olof Hughes: ${QUESTION}` }).click();
    await waiting
      .getByRole("region", { name: "Told out loud" })
      .getByLabel("Add a recording")
      .setInputFiles(path.join(process.cwd(), "tests/fixtures/recordings/speech.ogg"));
    const answered = page.getByRole("region", { name: "Answered just now" });
    await expect(answered.getByText("My grandfather.")).toBeVisible();
    await expect(answered.getByRole("button", { name: `Play the recording of ${QUESTION}` })).toBeVisible();
  });
});
