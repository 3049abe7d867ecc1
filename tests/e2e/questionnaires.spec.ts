import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";

const REQUIRED = "This question requires an answer";
const TOO_SHORT = "Please provide a more detailed answer";

/** Holds every sharing call for a moment so that the in-flight labels can be seen. */
async function slowDownSharing(page: Page) {
  await page.route("**/toggle-shared", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
}

test.describe("questionnaires", () => {
  test("anonymous visitors are asked to sign in, and the completed page sends them to /register", async ({ page }) => {
    await page.goto("/questionnaires");
    await expect(page.getByRole("heading", { name: "Family Questionnaires" })).toBeVisible();
    await expect(page.getByText("Authentication Required")).toBeVisible();
    await expect(page.getByText("Please sign in or register to access family questionnaires.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/register?tab=login");
    await expect(page.getByRole("link", { name: "Register" }).last()).toHaveAttribute("href", "/register?tab=register");
    await page.goto("/completed-questionnaires");
    await expect(page).toHaveURL(/\/register$/);
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
    await expect(page).toHaveURL(/\/questionnaires$/);

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

    await card.getByRole("button", { name: "Share answer: Where and when were you born?" }).click();
    await expect(page.getByText("Your response is now visible in the Family Book")).toBeVisible();
    await expect(card.getByRole("button", { name: "Shared answer: Where and when were you born?" })).toHaveAttribute("aria-pressed", "true");

    await card.getByRole("button", { name: "Share this submission" }).click();
    await expect(page.getByText("Your submission is now visible in the Family Book")).toBeVisible();
    await expect(card.getByRole("button", { name: "Shared this submission" })).toBeVisible();

    await slowDownSharing(page);
    await card.getByRole("button", { name: "Unshare All for Childhood Memories" }).click();
    await expect(card.getByRole("button", { name: "Unsharing All... for Childhood Memories" })).toBeDisabled();
    await expect(page.getByText("All your submissions are no longer visible in the Family Book")).toBeVisible();
    await expect(card.getByRole("button", { name: "Share this submission" })).toBeVisible();

    await card.getByRole("button", { name: "Share All for Childhood Memories" }).click();
    await expect(card.getByRole("button", { name: "Sharing All... for Childhood Memories" })).toBeDisabled();
    await expect(page.getByText("All your submissions are now visible in the Family Book")).toBeVisible();

    await card.getByRole("button", { name: "Shared answer: Where and when were you born?" }).click();
    await expect(card.getByRole("button", { name: "Unsharing... answer: Where and when were you born?" })).toBeDisabled();
    await expect(page.getByText("Your response is no longer visible in the Family Book")).toBeVisible();

    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `completed-questionnaires-${testInfo.project.name}`);

    // The server kept what the page shows.
    await page.reload();
    const reloaded = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /Childhood Memories/ }) });
    await expect(reloaded.getByRole("button", { name: "Unshare All for Childhood Memories" })).toBeVisible();
  });

  test("a questionnaire answered more than once shows one tab per submission", async ({ page }) => {
    await registerThroughApi(page.request, newPerson("Tom", "Hughes"));
    await page.goto("/questionnaires");
    await page.getByRole("link", { name: "Traditions and Holidays" }).click();
    for (const holiday of ["Christmas", "Easter"]) {
      await page.getByRole("textbox", { name: "Which holiday or celebration is this about? (required)" }).fill(holiday);
      await page.getByRole("textbox", { name: "Describe a year of this celebration that you will never forget. (required)" }).fill(`The ${holiday} of 1962.`);
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page).toHaveURL(/\/questionnaires$/);
      if (holiday === "Christmas") await page.getByRole("link", { name: "Traditions and Holidays" }).click();
    }
    await page.goto("/completed-questionnaires");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /Traditions and Holidays/ }) });
    await card.getByRole("button", { name: /^Traditions and Holidays/ }).click();
    await expect(card.getByRole("tab", { name: /^Submission 1 - \d{1,2}\/\d{1,2}\/\d{4}$/ })).toHaveAttribute("aria-selected", "true");
    await expect(card.getByText("The Christmas of 1962.")).toBeVisible();
    await card.getByRole("tab", { name: /^Submission 2 - / }).click();
    await expect(card.getByText("The Easter of 1962.")).toBeVisible();
  });

  test("a member creates a questionnaire for one relative, and only that relative sees it", async ({ page, browser }, testInfo) => {
    const founder = await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    const targetContext = await browser.newContext({ viewport: page.viewportSize() });
    const targetPage = await targetContext.newPage();
    await registerThroughApi(targetPage.request, newPerson("Tom", "Hughes"), founder.family_id);
    const otherContext = await browser.newContext({ viewport: page.viewportSize() });
    const otherPage = await otherContext.newPage();
    await registerThroughApi(otherPage.request, newPerson("Ruth", "Hughes"), founder.family_id);

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
    await expect(page.getByRole("textbox", { name: "Question text (required)" })).toHaveCount(2);
    await page.getByRole("button", { name: "Remove question 2" }).click();
    await expect(page.getByRole("textbox", { name: "Question text (required)" })).toHaveCount(1);
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
