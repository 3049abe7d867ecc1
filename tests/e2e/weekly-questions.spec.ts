import path from "node:path";
import { expect, test } from "@playwright/test";
import { stableUuid } from "../../src/lib/stable-id";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { photoBytes } from "./support/content";
import { confirmAddress, firstWeeklyQuestionLink, linkIn, saveEmailScreenshots, waitForEmail } from "./support/outbox";

// Weekly questions (docs/product.md §13): a grandchild sets them up for Grandma, the first question
// goes out at once, and Grandma answers it with one tap from the email, on a phone, without a
// password. The organiser's card on the dashboard shows it sent and answered.

test.describe("weekly questions", () => {
  test("set up for a relative, answered from the email's one-tap link at 390 px, shown on the organiser's card", async ({ page, browser }, testInfo) => {
    const margaret = newPerson("Margaret", "Okafor");
    const family = await registerThroughApi(page.request, margaret);
    const rose = newPerson("Rose", "Okafor");
    const roseContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, reducedMotion: "reduce" });
    await registerThroughApi(roseContext.request, rose, family.invite_code);
    await confirmAddress(roseContext.request, rose.email);
    // Rose reads her email on a phone, signed out: the link needs no password.
    await roseContext.clearCookies();

    await page.goto("/questionnaires");
    await page.getByRole("link", { name: "Weekly questions by email" }).click();
    await expect(page).toHaveURL(/\/weekly-questions$/);
    await expect(page.getByText("Nobody gets weekly questions yet.")).toBeVisible();

    const form = page.getByRole("form", { name: "Set up weekly questions" });
    await form.getByLabel("Who gets the questions", { exact: true }).selectOption({ label: "Rose Okafor" });
    await form.getByLabel("The questions of one questionnaire, in order").check();
    await form.getByLabel("Questionnaire", { exact: true }).selectOption({ label: "Childhood Memories" });
    await form.getByLabel("Day of the week").selectOption({ label: "Sunday" });
    await form.getByLabel("Time", { exact: true }).selectOption({ label: "10:00" });
    await form.getByLabel("Time zone of the person who gets the questions").selectOption("America/Chicago");
    // The family hears the stories unless chosen otherwise; the storyteller is told so and chooses for each answer.
    await expect(form.getByRole("group", { name: "Who reads the answers?" }).getByLabel("Share answers with the family when they are saved")).toBeChecked();
    await expect(form.getByLabel("Send the first question now")).toBeChecked();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `weekly-questions-set-up-${testInfo.project.name}`);
    await form.getByRole("button", { name: "Start weekly questions" }).click();
    await expect(page.getByText("Weekly questions set up", { exact: true })).toBeVisible();
    await expect(page.getByText("The first question is on its way now.")).toBeVisible();

    const plans = page.getByRole("region", { name: "Weekly questions", exact: true });
    const rosesPlan = plans.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Rose Okafor" }) });
    await expect(rosesPlan.getByText("Sundays at 10:00 (America/Chicago), set up by you")).toBeVisible();

    // Rose is told who set it up, then gets the first question within seconds.
    const started = await waitForEmail(rose.email, "Margaret Okafor set up weekly questions for you");
    expect(started.text).toContain("The first one is on its way now.");
    // It says what really happens to her answers.
    expect((started.text ?? "").replace(/\s+/g, " ")).toContain("Margaret Okafor asked for your answers to be shared with your family in the Family Book");
    const weekly = await waitForEmail(rose.email, "This week's question: Where and when were you born?");
    expect(weekly.text).toContain("Margaret Okafor asked you this question");
    // Replying answers too: the reply address carries the button's own token.
    const token = linkIn(weekly, "/answer").searchParams.get("token");
    expect(weekly.replyTo?.value[0]?.address).toBe(`answers+${token}@reply.familybook.example`);
    expect(weekly.text).toContain("Or simply reply to this email: what you write above the quoted email becomes your answer");
    if (testInfo.project.name === "desktop") await saveEmailScreenshots(browser, weekly, "weekly-question");
    const link = linkIn(weekly, "/answer");

    const phone = await roseContext.newPage();
    await phone.goto(link.pathname + link.search);
    await expect(phone.getByRole("heading", { level: 1, name: "Where and when were you born?" })).toBeVisible();
    await expect(phone.getByText("Margaret Okafor asks you, from “Childhood Memories”")).toBeVisible();
    await expect(phone.getByText("Your answer will be shared with your family in the Family Book. You can hide it later.")).toBeVisible();
    await expectNoSeriousAccessibilityViolations(phone);
    await saveScreenshot(phone, `weekly-answer-page-390-${testInfo.project.name}`);
    // The page is one column that fits the phone: nothing to scroll sideways.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await phone.getByRole("button", { name: "Save" }).click();
    await expect(phone.getByText("This question requires an answer")).toBeVisible();
    await expect(phone.getByRole("textbox", { name: "Your answer" })).toBeFocused();
    await phone.getByRole("textbox", { name: "Your answer" }).fill("In Lagos, in the spring of 1948, at my grandmother's house.");
    // Her own choice for this answer: she keeps it to herself at first.
    const shareThis = phone.getByRole("checkbox", { name: "Share this answer with my family in the Family Book" });
    await expect(shareThis).toBeChecked();
    await shareThis.uncheck();
    await phone.getByRole("button", { name: "Save" }).click();
    await expect(phone.getByRole("heading", { name: "Thank you, Rose! Your answer is saved." })).toBeFocused();
    await expect(phone.getByText("It is private: only you can read it until you share it")).toBeVisible();
    await expectNoSeriousAccessibilityViolations(phone);
    await saveScreenshot(phone, `weekly-answer-saved-390-${testInfo.project.name}`);
    // Then, in one tap and still without a password, she shares it with the family.
    await phone.getByRole("button", { name: "Share with the family" }).click();
    await expect(phone.getByText("It is shared with your family in the Family Book.")).toBeVisible();
    await expect(phone.getByRole("button", { name: "Keep it private instead" })).toBeVisible();
    await saveScreenshot(phone, `weekly-answer-shared-390-${testInfo.project.name}`);

    // Still without a password, she adds the photo of the house she wrote about; it is kept with her answer.
    const photos = phone.getByRole("region", { name: "Add photos to your answer" });
    await photos.getByLabel("Add photos").setInputFiles([{ name: "grandmothers-house.jpg", mimeType: "image/jpeg", buffer: await photoBytes("#2e86de") }]);
    await expect(phone.getByText("Photo added", { exact: true })).toBeVisible();
    await expect(photos.getByRole("img", { name: "Saved photo 1" })).toBeVisible();
    await expect(photos.getByText("1 of 5 chosen.")).toBeVisible();
    await expect.poll(() => photos.getByRole("img", { name: "Saved photo 1" }).evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expectNoSeriousAccessibilityViolations(phone);
    await saveScreenshot(phone, `weekly-answer-photo-390-${testInfo.project.name}`);

    // And tells the rest in her own voice, on the same page: a recording file here, kept with her answer.
    const told = phone.getByRole("region", { name: "Told out loud" });
    await expect(told.getByText(/Tell your answer in your own voice/)).toBeVisible();
    await told.getByLabel("Add a recording").setInputFiles(path.join(process.cwd(), "tests/fixtures/recordings/speech.m4a"));
    await expect(phone.getByText("Recording saved", { exact: true })).toBeVisible();
    await expect(told.getByRole("button", { name: "Play the recording of Where and when were you born?" })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(phone);
    await saveScreenshot(phone, `weekly-answer-recording-390-${testInfo.project.name}`);

    // Opening the link again: it answered once, and still shares or hides that answer while it is valid.
    await phone.goto(link.pathname + link.search);
    await expect(phone.getByRole("heading", { name: "Already answered" })).toBeVisible();
    await expect(phone.getByRole("heading", { name: "Rose, your answer is saved." })).toBeVisible();
    await expect(phone.getByRole("button", { name: "Keep it private instead" })).toBeVisible();
    await expect(phone.getByRole("link", { name: "Sign in to read your answers" })).toBeVisible();
    await expect(phone.getByRole("img", { name: "Saved photo 1" })).toBeVisible();
    await expect(phone.getByRole("button", { name: "Play the recording of Where and when were you born?" })).toBeVisible();
    await expect(phone.getByText(/^speech\.m4a · \d+ kB$/)).toBeVisible();
    await expectNoSeriousAccessibilityViolations(phone);
    await roseContext.close();

    // The organiser's card on the dashboard: sent and answered, the next one on Sunday, Pause and Resume.
    await page.goto("/family-dashboard");
    const card = page.getByRole("region", { name: "Weekly questions", exact: true });
    const plan = card.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Rose Okafor" }) });
    await expect(plan.getByText("1 sent, 1 answered")).toBeVisible();
    await expect(plan.getByText(/^Sunday \d+ \w+ at 10:00$/)).toBeVisible();
    await expect(plan.getByText(/: Answered$/)).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `weekly-organiser-card-${testInfo.project.name}`);
    await plan.getByRole("button", { name: "Pause" }).click();
    await expect(page.getByText("Weekly questions paused", { exact: true })).toBeVisible();
    await expect(plan.getByText("Paused: none until resumed")).toBeVisible();
    await plan.getByRole("button", { name: "Resume" }).click();
    await expect(page.getByText("Weekly questions resumed", { exact: true })).toBeVisible();
    await expect(plan.getByText(/^Sunday \d+ \w+ at 10:00$/)).toBeVisible();

    // The organiser changes whether answers are shared without stopping the questions.
    const sharing = plan.getByRole("switch", { name: /Share answers with the family when they are saved/ });
    await expect(sharing).toBeChecked();
    await sharing.click();
    await expect(page.getByText("Answers will stay private unless shared", { exact: true })).toBeVisible();
    await expect(sharing).not.toBeChecked();
    await expect(plan.getByText("Active")).toBeVisible();

    // Shared by Rose's own tap: her answer is among the answers the Family Book shows Margaret.
    const shared = await page.request.get("/api/questionnaires/responses/shared");
    expect(shared.status()).toBe(200);
    const answers = (await shared.json()).data.responses as { answer_text: string }[];
    expect(answers.map((answer) => answer.answer_text)).toContain("In Lagos, in the spring of 1948, at my grandmother's house.");

    // In the Family Book, her answer shows the photo she added; it opens in the viewer.
    await page.goto("/family-book?tab=responses");
    const responses = page.getByRole("tabpanel", { name: "Shared Questionnaire Responses" });
    await responses.getByRole("button", { name: /Childhood Memories/ }).click();
    await expect(responses.getByText("In Lagos, in the spring of 1948, at my grandmother's house.")).toBeVisible();
    const thumbnail = responses.getByRole("button", { name: "Open photo 1 of 1" });
    await expect(thumbnail).toBeVisible();
    await thumbnail.scrollIntoViewIfNeeded();
    await expect.poll(() => thumbnail.locator("img").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `family-book-answer-photo-${testInfo.project.name}`);
    await thumbnail.click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(thumbnail).toBeFocused();
  });

  test("words typed before a recording is sent go with it: too few are refused and kept, enough are saved first", async ({ page }) => {
    const rose = newPerson("Rose", "Okafor");
    const { id } = await registerThroughApi(page.request, rose);
    await confirmAddress(page.request, rose.email);
    const link = await firstWeeklyQuestionLink(page.request, { recipientId: id, email: rose.email, shared: false });
    await page.goto(link.pathname + link.search);
    const answer = page.getByRole("textbox", { name: "Your answer" });
    const told = page.getByRole("region", { name: "Told out loud" });
    const memo = path.join(process.cwd(), "tests/fixtures/recordings/speech.m4a");

    // Too few words: nothing is sent, the words stay, and the way to send the recording alone is said.
    await answer.fill("Hm");
    await told.getByLabel("Add a recording").setInputFiles(memo);
    await expect(told.getByRole("alert")).toContainText("Or clear the box to send the recording alone.");
    await expect(answer).toHaveValue("Hm");

    // Enough: the words are saved, then the recording with them.
    await answer.fill("In Lagos, in the spring of 1948.");
    await told.getByLabel("Add a recording").setInputFiles(memo);
    await expect(page.getByRole("heading", { name: "Thank you, Rose! Your answer is saved." })).toBeFocused();
    const saved = (await (await page.request.get(`/api/questionnaires/${stableUuid("questionnaire:childhood")}/responses`)).json()).data;
    const responses = JSON.stringify(saved);
    expect(responses).toContain("In Lagos, in the spring of 1948.");
    expect(responses).toContain('"file_name":"speech.m4a"');
  });
});
