import { expect, test } from "@playwright/test";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { emailsTo, linkIn, saveEmailScreenshots, waitForEmail, waitForEmails } from "./support/outbox";

// Forgot password on a fresh server with no mail server: the email lands in DATA_DIR/outbox and
// its link is followed from there (docs/product.md §4, docs/decisions/013-email.md).

const SUBJECT = "Choose a new password for Family Book";
const SENT =
  "If an account uses this email address, we have sent it a link to choose a new password. The link works for one hour. Please also look in your spam folder.";
const NEW_PASSWORD = "blue kettle on the windowsill";

test.describe("forgot password", () => {
  test("the emailed link sets a new password, signs the person in and signs out every other browser; it works once", async ({ page, browser }, testInfo) => {
    const person = newPerson("Winifred", "Ashcombe");
    await registerThroughApi(page.request, person);
    // A second browser (another device) signed in to the same account.
    const phone = await browser.newContext();
    const phonePage = await phone.newPage();
    expect((await phonePage.request.post("/api/auth/login", { data: { email: person.email, password: person.password } })).status()).toBe(200);
    for (const signedIn of [page, phonePage]) {
      await signedIn.goto("/family-dashboard");
      await expect(signedIn.getByText("Welcome Winifred Ashcombe")).toBeVisible();
    }

    // Someone who forgot the password, in a third browser.
    const forgetful = await browser.newContext();
    const forgetfulPage = await forgetful.newPage();
    await forgetfulPage.goto("/register");
    await forgetfulPage.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(forgetfulPage).toHaveURL(/\/forgot-password$/);
    await expect(forgetfulPage.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(forgetfulPage);
    await saveScreenshot(forgetfulPage, `forgot-password-${testInfo.project.name}`);

    await forgetfulPage.getByLabel("Email").fill(person.email);
    await forgetfulPage.getByRole("button", { name: "Email me a link" }).click();
    await expect(forgetfulPage.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await expect(forgetfulPage.getByText(SENT)).toBeVisible();
    await expectNoSeriousAccessibilityViolations(forgetfulPage);
    await saveScreenshot(forgetfulPage, `forgot-password-sent-${testInfo.project.name}`);

    const email = await waitForEmail(person.email, SUBJECT);
    expect(email.html).toContain("Choose a new password");
    expect(email.text).toContain("Hello Winifred,");
    expect(email.messageId).toMatch(/^<[\w-]+@family-book\.localhost>$/);
    const link = linkIn(email, "/reset-password");
    if (testInfo.project.name === "desktop") await saveEmailScreenshots(browser, email, "password-reset");

    await forgetfulPage.goto(link.pathname + link.search);
    await expect(forgetfulPage.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expect(forgetfulPage.getByText("Hello Winifred")).toBeVisible();
    await expectNoSeriousAccessibilityViolations(forgetfulPage);
    await saveScreenshot(forgetfulPage, `reset-password-${testInfo.project.name}`);

    // The new password can be shown as it is typed.
    await forgetfulPage.getByRole("button", { name: "Show password" }).click();
    await expect(forgetfulPage.getByLabel("New password", { exact: true })).toHaveAttribute("type", "text");

    // The person's own name is too easy to guess, as at registration.
    await forgetfulPage.getByLabel("New password", { exact: true }).fill("winifredashcombe");
    await forgetfulPage.getByRole("button", { name: "Save new password" }).click();
    await expect(forgetfulPage.getByText("This password is too common or too easy to guess. Please choose one that is harder to guess.").first()).toBeVisible();

    await forgetfulPage.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await forgetfulPage.getByRole("button", { name: "Save new password" }).click();
    await expect(forgetfulPage).toHaveURL(/\/family-dashboard$/);
    await expect(forgetfulPage.getByText("Password changed")).toBeVisible();
    await expect(forgetfulPage.getByText("Welcome Winifred Ashcombe")).toBeVisible();

    // Every browser that was signed in is signed out.
    for (const signedOut of [page, phonePage]) {
      await signedOut.goto("/family-dashboard");
      await expect(signedOut).toHaveURL(/\/register\?tab=login&next=%2Ffamily-dashboard$/);
    }

    // The link works once.
    await forgetfulPage.goto(link.pathname + link.search);
    await expect(forgetfulPage.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
    await expect(
      forgetfulPage.getByText("This password reset link has already been used. If you still need to change your password, please ask for a new link."),
    ).toBeVisible();
    await expect(forgetfulPage.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(forgetfulPage);
    await saveScreenshot(forgetfulPage, `reset-password-used-${testInfo.project.name}`);

    // The old password no longer signs in; the new one does.
    expect((await page.request.post("/api/auth/login", { data: { email: person.email, password: person.password } })).status()).toBe(401);
    expect((await page.request.post("/api/auth/login", { data: { email: person.email, password: NEW_PASSWORD } })).status()).toBe(200);
    await phone.close();
    await forgetful.close();
  });

  test("answers the same for an address with no account, and sends nothing", async ({ page }) => {
    const nobody = newPerson("Nobody", "Here");
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(nobody.email);
    await page.getByRole("button", { name: "Email me a link" }).click();
    await expect(page.getByText(SENT)).toBeVisible();

    // A member asking afterwards gets theirs: the queue has run past the first request by then.
    const member = newPerson("Ada", "Lovelace");
    await registerThroughApi(page.request, member);
    await page.getByRole("button", { name: "Try another address" }).click();
    await page.getByLabel("Email").fill(member.email);
    await page.getByRole("button", { name: "Email me a link" }).click();
    await waitForEmails(member.email, SUBJECT);
    expect(await emailsTo(nobody.email)).toEqual([]);
  });

  test("a changed link says it is not valid before anything is typed", async ({ page }, testInfo) => {
    await page.goto("/reset-password?token=not-a-real-token");
    await expect(page.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
    await expect(
      page.getByText("This password reset link is not valid. Please check that you used the whole link from the email, or ask for a new one."),
    ).toBeVisible();
    await expect(page.getByLabel("New password")).toHaveCount(0);
    await page.getByRole("link", { name: "Ask for a new link" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `forgot-password-after-bad-link-${testInfo.project.name}`);
  });
});
