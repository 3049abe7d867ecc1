import { expect, test, type Page, type Route } from "@playwright/test";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { answerQuestionnaire, photoBytes } from "./support/content";
import { expectNoSidewaysScrolling } from "./support/layout";

const REQUIRED = "This question requires an answer";
const TOO_SHORT = "Please provide a more detailed answer";

/** Holds every sharing call for a moment so that the in-flight labels can be seen. */
async function slowDownSharing(page: Page) {
  const slowly = async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  };
  await page.route("**/toggle-shared", slowly);
  // Share All / Unshare All.
  await page.route("**/api/questionnaires/*/submissions", slowly);
}

test.describe("questionnaires", () => {
  test("anonymous visitors are asked to sign in, and the completed page sends them to /register", async ({ page }) => {
    await page.goto("/questionnaires");
    await expect(page.getByRole("heading", { name: "Family Questionnaires" })).toBeVisible();
    await expect(page.getByText("Authentication Required")).toBeVisible();
    await expect(page.getByText("Please sign in or register to access family questionnaires.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/register?tab=login&next=%2Fquestionnaires");
    await expect(page.getByRole("link", { name: "Register" }).last()).toHaveAttribute("href", "/register?tab=register&next=%2Fquestionnaires");
    await page.goto("/completed-questionnaires");
    await expect(page).toHaveURL(/\/register\?tab=login&next=%2Fcompleted-questionnaires$/);
  });

  test("a member answers a questionnaire with the validation messages, then shares and unshares on the completed page", async ({ page }, testInfo) => {
    await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    await page.goto("/questionnaires");
    await expect(page.getByRole("heading", { name: "Family Questionnaires" })).toBeVisible();
    await expect(page.getByRole("link", { name: "View My Completed Questionnaires" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Create Custom Questionnaire" })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `questionnaires-${testInfo.project.name}`);

    await page.getByRole("link", { name: "Childhood Memories" }).click();
    await expect(page.getByRole("heading", { name: "Childhood Memories" })).toBeVisible();
    const born = page.getByRole("textbox", { name: "Where and when were you born? (required)" });
    const earliest = page.getByRole("textbox", { name: "What is your earliest memory? (required)" });
    const bestFriend = page.getByLabel("Who was your best friend growing up?");
    await expect(born).toHaveAttribute("placeholder", "Share your thoughts here...");

    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText(REQUIRED)).toHaveCount(2);
    await expect(born).toHaveAttribute("aria-invalid", "true");
    await born.fill("NY");
    await bestFriend.fill("Jo");
    await expect(page.getByText(TOO_SHORT)).toHaveCount(2);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `questionnaire-answering-${testInfo.project.name}`);

    await born.fill("Leeds, in the spring of 1948");
    await earliest.fill("The coal fire in my grandmother's kitchen.");
    await bestFriend.fill("");
    await expect(page.getByText(TOO_SHORT)).toHaveCount(0);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Your responses have been saved successfully.")).toBeVisible();
    // Asked right there whether to share them; the question has the focus.
    const prompt = page.getByRole("heading", { name: "Share these answers with your family?" });
    await expect(prompt).toBeFocused();
    await expect(
      page.getByText(
        "Your answers are saved. Shared, your family can read them in the Family Book; kept private, only you can see them. You can change this at any time under My Completed Questionnaires.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Share", exact: true })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `share-prompt-${testInfo.project.name}`);
    await page.getByRole("button", { name: "Keep private" }).click();
    await expect(page.getByText("Only you can see these answers.")).toBeVisible();
    await expect(page).toHaveURL(/\/questionnaires$/);
    const answered = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Childhood Memories" }) });
    await expect(answered.getByText("Answered", { exact: true })).toBeVisible();
    await expect(answered.getByText("Shared", { exact: true })).toHaveCount(0);

    // The same questionnaire takes one set of answers per person.
    await page.getByRole("link", { name: "Childhood Memories" }).click();
    await expect(page.getByText(/You have already answered this questionnaire/)).toBeVisible();
    await page.getByRole("link", { name: "View My Completed Questionnaires" }).click();
    await expect(page).toHaveURL(/\/completed-questionnaires$/);
    await expect(page.getByRole("heading", { name: "My Completed Questionnaires" })).toBeVisible();

    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /Childhood Memories/ }) });
    await expect(card.getByText(/^Completed on [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
    const toggle = card.getByRole("button", { name: /^Childhood Memories/ });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(card.getByText("The coal fire in my grandmother's kitchen.")).toBeVisible();
    await expect(card.getByText("No answer provided").first()).toBeVisible();

    const bornAnswer = "answer: Where and when were you born?";
    const earliestAnswer = "answer: What is your earliest memory?";
    await expect(card.getByText("Private: only you can see these answers.")).toBeVisible();
    await card.getByRole("button", { name: `Share ${bornAnswer}` }).click();
    await expect(page.getByText("Your response is now visible in the Family Book")).toBeVisible();
    await expect(card.getByRole("button", { name: `Shared ${bornAnswer}` })).toHaveAttribute("aria-pressed", "true");
    await expect(card.getByText("Your family can read 1 of these 2 answers in the Family Book; the others are private.")).toBeVisible();

    // A shared submission's answers are each shown shared.
    await card.getByRole("button", { name: "Share this submission" }).click();
    await expect(page.getByText("Your submission is now visible in the Family Book")).toBeVisible();
    await expect(card.getByRole("button", { name: "Shared this submission" })).toBeVisible();
    await expect(card.getByRole("button", { name: `Shared ${earliestAnswer}` })).toHaveAttribute("aria-pressed", "true");
    await expect(card.getByText("Your family can read every one of these answers in the Family Book.")).toBeVisible();

    // Unshare All leaves nothing shared, the answer shared on its own included, and says so.
    await slowDownSharing(page);
    await card.getByRole("button", { name: "Unshare All for Childhood Memories" }).click();
    await expect(card.getByRole("button", { name: "Unsharing All... for Childhood Memories" })).toBeDisabled();
    await expect(page.getByText("All your submissions are no longer visible in the Family Book")).toBeVisible();
    await expect(card.getByRole("button", { name: "Share this submission" })).toBeVisible();
    await expect(card.getByRole("button", { name: `Share ${bornAnswer}` })).toHaveAttribute("aria-pressed", "false");
    await expect(card.getByRole("button", { name: `Share ${earliestAnswer}` })).toHaveAttribute("aria-pressed", "false");
    await expect(card.getByText("Private: only you can see these answers.")).toBeVisible();
    const seenByFamily = await page.request.get("/api/questionnaires/submissions/shared");
    expect((await seenByFamily.json()).data.submissions).toEqual([]);

    await card.getByRole("button", { name: "Share All for Childhood Memories" }).click();
    await expect(card.getByRole("button", { name: "Sharing All... for Childhood Memories" })).toBeDisabled();
    await expect(page.getByText("All your submissions are now visible in the Family Book")).toBeVisible();
    await expect(card.getByRole("button", { name: `Shared ${bornAnswer}` })).toBeVisible();

    // One answer taken back: the submission is no longer shared as a whole, and the page says what is.
    await card.getByRole("button", { name: `Shared ${bornAnswer}` }).click();
    await expect(card.getByRole("button", { name: `Unsharing... ${bornAnswer}` })).toBeDisabled();
    await expect(page.getByText("Your response is no longer visible in the Family Book")).toBeVisible();
    await expect(card.getByRole("button", { name: "Share this submission" })).toBeVisible();
    await expect(card.getByText("Your family can read 1 of these 2 answers in the Family Book; the others are private.")).toBeVisible();

    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `completed-questionnaires-${testInfo.project.name}`);

    // The server kept what the page shows.
    await page.reload();
    const reloaded = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /Childhood Memories/ }) });
    await expect(reloaded.getByRole("button", { name: "Unshare All for Childhood Memories" })).toBeVisible();
  });

  test("sharing right after answering: the family can read the answers, and the cards say Answered and Shared", async ({ page, browser }, testInfo) => {
    const grandma = await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    const relative = await browser.newContext();
    await registerThroughApi(relative.request, newPerson("Tom", "Hughes"), grandma.invite_code);
    await page.goto("/questionnaires");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Life Lessons" }) });
    await expect(card.getByText("Answered", { exact: true })).toHaveCount(0);
    // The whole card opens the questionnaire, not only its title: a tap on its description does.
    await card.getByText(/What a long life has taught you/).scrollIntoViewIfNeeded();
    const description = (await card.getByText(/What a long life has taught you/).boundingBox())!;
    if (testInfo.project.name === "mobile") await page.touchscreen.tap(description.x + 20, description.y + description.height / 2);
    else await page.mouse.click(description.x + 20, description.y + description.height / 2);
    await expect(page.getByRole("heading", { level: 1, name: "Life Lessons" })).toBeVisible();
    for (const textbox of await page.getByRole("textbox").all()) await textbox.fill("Be kind, and write things down.");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("button", { name: "Share", exact: true }).click();
    await expect(page.getByText("Your submission is now visible in the Family Book")).toBeVisible();
    await expect(page).toHaveURL(/\/questionnaires$/);
    await expect(card.getByText("Answered", { exact: true })).toBeVisible();
    await expect(card.getByText("Shared", { exact: true })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `questionnaire-cards-${testInfo.project.name}`);

    const feed = await (await relative.request.get("/api/questionnaires/submissions/shared")).json();
    expect(feed.data.submissions.map((submission: { questionnaires: { title: string } }) => submission.questionnaires.title)).toEqual(["Life Lessons"]);
    await relative.close();
  });

  test("a questionnaire answered more than once shows one tab per submission", async ({ page }, testInfo) => {
    await registerThroughApi(page.request, newPerson("Tom", "Hughes"));
    await page.goto("/questionnaires");
    await page.getByRole("link", { name: "Traditions and Holidays" }).click();
    for (const holiday of ["Christmas", "Easter"]) {
      await page.getByRole("textbox", { name: "Which holiday or celebration is this about? (required)" }).fill(holiday);
      await page.getByRole("textbox", { name: "Describe a year of this celebration that you will never forget. (required)" }).fill(`The ${holiday} of 1962.`);
      await page.getByRole("button", { name: "Submit" }).click();
      await page.getByRole("button", { name: "Keep private" }).click();
      await expect(page).toHaveURL(/\/questionnaires$/);
      if (holiday === "Christmas") await page.getByRole("link", { name: "Traditions and Holidays" }).click();
    }
    await page.goto("/completed-questionnaires");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /Traditions and Holidays/ }) });
    await card.getByRole("button", { name: /^Traditions and Holidays/ }).click();
    // Two answered the same day are told apart by their time and whether they are shared.
    const tabName = /^Submission (\d) - \d{1,2}\/\d{1,2}\/\d{4}\s*\d{1,2}:\d{2}\s[AP]M · Private$/;
    const tabs = card.getByRole("tab");
    await expect(tabs).toHaveCount(2);
    await expect(tabs.nth(0)).toHaveAccessibleName(tabName);
    await expect(tabs.nth(1)).toHaveAccessibleName(tabName);
    await expect(card.getByRole("tab", { name: /^Submission 1 - / })).toHaveAttribute("aria-selected", "true");
    await expect(card.getByText("The Christmas of 1962.")).toBeVisible();
    await card.getByRole("tab", { name: /^Submission 2 - / }).click();
    await expect(card.getByText("The Easter of 1962.")).toBeVisible();
    await card.getByRole("button", { name: "Share this submission" }).click();
    await expect(card.getByRole("tab", { name: /^Submission 2 - .* · Shared$/ })).toBeVisible();
    await expect(card.getByRole("tab", { name: /^Submission 1 - .* · Private$/ })).toBeVisible();
    await expect(card.getByText("Your family can read 2 of these 4 answers in the Family Book; the others are private.")).toBeVisible();

    // On a phone they stack, each as wide as the list; nothing sticks out of the screen.
    const list = (await card.getByRole("tablist").boundingBox())!;
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(list.x + list.width + 1);
      if (testInfo.project.name === "mobile") expect(box.width).toBeGreaterThan(list.width * 0.9);
    }
    await expectNoSidewaysScrolling(page);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `submission-tabs-${testInfo.project.name}`);
  });

  test("a member adds photos to an answer on the completed page, and a save that fails keeps them with Try again", async ({ page }, testInfo) => {
    await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    await answerQuestionnaire(page.request, "Childhood Memories");
    await page.goto("/completed-questionnaires");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /Childhood Memories/ }) });
    await card.getByRole("button", { name: /^Childhood Memories/ }).click();
    const question = "Where and when were you born?";
    const toggle = card.getByRole("button", { name: `Add photos for the answer: ${question}` });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(card.getByRole("button", { name: `Done with photos for the answer: ${question}` })).toHaveAttribute("aria-expanded", "true");

    // The first save fails: the photo stays on the screen with why, and Try again sends it again.
    let failures = 1;
    await page.route("**/api/questionnaires/responses/*/photos", async (route) => {
      if (route.request().method() !== "POST" || failures === 0) return route.continue();
      failures -= 1;
      await route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ data: null, error: "Family Book cannot be reached right now." }),
      });
    });
    await card.getByLabel("Add photos").setInputFiles([{ name: "cardiff.jpg", mimeType: "image/jpeg", buffer: await photoBytes("#e63946") }]);
    await expect(page.getByText("Photos not saved")).toBeVisible();
    const tryAgain = card.getByRole("button", { name: "Try again" });
    await expect(tryAgain).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `answer-photos-try-again-${testInfo.project.name}`);
    await tryAgain.click();
    await expect(page.getByText("Photo added")).toBeVisible();
    await expect(tryAgain).toHaveCount(0);
    await expect(card.getByRole("img", { name: "Saved photo 1" })).toBeVisible();

    // Done: the answer shows its photo, which opens in the viewer; the button now says what it does.
    await card.getByRole("button", { name: `Done with photos for the answer: ${question}` }).click();
    await expect(card.getByRole("button", { name: `Add or remove photos for the answer: ${question}` })).toBeVisible();
    await expect(card.getByRole("button", { name: "Open photo 1 of 1" })).toBeVisible();
    await expectNoSidewaysScrolling(page);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `answer-photos-completed-${testInfo.project.name}`);
    await page.reload();
    await card.getByRole("button", { name: /^Childhood Memories/ }).click();
    await expect(card.getByRole("button", { name: "Open photo 1 of 1" })).toBeVisible();
  });

  test("a member creates a questionnaire for one relative, and only that relative sees it", async ({ page, browser }, testInfo) => {
    const founder = await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    const targetContext = await browser.newContext({ viewport: page.viewportSize() });
    const targetPage = await targetContext.newPage();
    await registerThroughApi(targetPage.request, newPerson("Tom", "Hughes"), founder.invite_code);
    const otherContext = await browser.newContext({ viewport: page.viewportSize() });
    const otherPage = await otherContext.newPage();
    await registerThroughApi(otherPage.request, newPerson("Ruth", "Hughes"), founder.invite_code);

    await page.goto("/questionnaires");
    await page.getByRole("link", { name: "Create Custom Questionnaire" }).click();
    await expect(page.getByRole("heading", { name: "Create Custom Family Questionnaire" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "All Family Members" })).toBeChecked();
    await page.getByRole("button", { name: "Create Questionnaire" }).click();
    await expect(page.getByText("Title is required")).toBeVisible();
    await expect(page.getByText("Question text is required")).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `questionnaire-create-${testInfo.project.name}`);

    const title = `Tom's apprenticeship ${testInfo.project.name}`;
    await page.getByRole("textbox", { name: "Title (required)" }).fill(title);
    await page.getByLabel("Description (optional)").fill("Questions only Tom can answer.");
    await page.getByRole("textbox", { name: "Question text (required)" }).fill("Who taught you the trade?");
    await page.getByRole("button", { name: "Add Question" }).click();
    await page.getByRole("button", { name: "Add Question" }).click();
    const questionTexts = page.getByRole("textbox", { name: "Question text (required)" });
    await expect(questionTexts).toHaveCount(3);
    await questionTexts.nth(2).fill("The third question");
    // The Remove button pressed is gone: the focus goes to the question that took its place.
    await page.getByRole("button", { name: "Remove question 2" }).click();
    await expect(questionTexts).toHaveCount(2);
    await expect(questionTexts.nth(1)).toBeFocused();
    await expect(questionTexts.nth(1)).toHaveValue("The third question");
    await expect(page.getByRole("status").filter({ hasText: "Question 2 removed." })).toBeAttached();
    // The last one removed: the focus goes to the one before it.
    await page.getByRole("button", { name: "Remove question 2" }).click();
    await expect(questionTexts).toHaveCount(1);
    await expect(questionTexts.first()).toBeFocused();
    await expect(questionTexts.first()).toHaveValue("Who taught you the trade?");
    await expect(page.getByRole("button", { name: /Remove question/ })).toHaveCount(0);
    await page.getByLabel("Input type").selectOption({ label: "Long Text" });
    await page.getByRole("checkbox", { name: "Required" }).click();

    await page.getByRole("radio", { name: "Specific Family Members" }).click();
    await expect(page.getByRole("checkbox", { name: "Tom Hughes" })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Ruth Hughes" })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Margaret Hughes" })).toHaveCount(0);
    await page.getByRole("button", { name: "Create Questionnaire" }).click();
    await expect(page.getByText("At least one family member must be selected for specific targeting.")).toBeVisible();
    await page.getByRole("checkbox", { name: "Tom Hughes" }).click();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `questionnaire-create-filled-${testInfo.project.name}`);

    await page.getByRole("button", { name: "Create Questionnaire" }).click();
    await expect(page.getByText("Custom questionnaire created.")).toBeVisible();
    await expect(page).toHaveURL(/\/questionnaires$/);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: title }) });
    await expect(card.getByText("Type: Targeted Members (Family specific)")).toBeVisible();
    const href = await card.getByRole("link", { name: title }).getAttribute("href");

    await targetPage.goto("/questionnaires");
    await targetPage.getByRole("link", { name: title }).click();
    await expect(targetPage.getByRole("heading", { name: title })).toBeVisible();
    await targetPage.getByRole("textbox", { name: "Who taught you the trade? (required)" }).fill("Mr Wainwright, the joiner on Mill Lane.");
    await targetPage.getByRole("button", { name: "Submit" }).click();
    await expect(targetPage.getByText("Your responses have been saved successfully.")).toBeVisible();
    await targetPage.getByRole("button", { name: "Keep private" }).click();
    await expect(targetPage).toHaveURL(/\/questionnaires$/);

    await otherPage.goto("/questionnaires");
    await expect(otherPage.getByRole("link", { name: "Childhood Memories" })).toBeVisible();
    await expect(otherPage.getByRole("link", { name: title })).toHaveCount(0);
    await otherPage.goto(href!);
    await expect(otherPage.getByRole("heading", { name: "Questionnaire not found" })).toBeVisible();
    await expect(otherPage.getByRole("link", { name: "Return to Questionnaires" })).toBeVisible();

    await targetContext.close();
    await otherContext.close();
  });
});
