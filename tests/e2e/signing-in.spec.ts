import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { afterGoogleVerified } from "./support/google";
import { expectNoSidewaysScrolling } from "./support/layout";

// Finding the way in and managing a password (docs/product.md §2 "Header and menu", "Landing",
// "Register", "Settings"; §4): Sign in in the header at every width and on the landing page,
// a "Show password" button on every password field, the typed address carried to "Forgot your
// password?", and Settings → Change password.

const LOGIN_TAB = "/register?tab=login";
const REGISTER_TAB = "/register?tab=register";
const CHANGED = "Your password has been changed. You have been signed out on your other devices.";

/** A control a finger can hit: at least 44 × 44 px. */
async function expectTouchTarget(control: Locator) {
  const box = (await control.boundingBox())!;
  expect(box.width, "at least 44 px wide").toBeGreaterThanOrEqual(44);
  expect(box.height, "at least 44 px high").toBeGreaterThanOrEqual(44);
}

/** The keyboard focus shows: an outline around the focused control. */
async function expectVisibleFocus(control: Locator) {
  await expect(control).toBeFocused();
  const outline = await control.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe("none");
  expect(outline.width).toBeGreaterThanOrEqual(2);
}

function signedOutSignIn(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: "Sign in", exact: true });
}

test.describe("Sign in for a signed-out visitor", () => {
  test("the header shows Sign in in its bar, beside an unchanged Register, and it opens the Login tab", async ({ page }, testInfo) => {
    await page.goto("/");
    const signIn = signedOutSignIn(page);
    await expect(signIn).toBeVisible();
    await expect(signIn).toHaveAttribute("href", LOGIN_TAB);
    await expectTouchTarget(signIn);
    if (testInfo.project.name === "mobile") {
      // In the bar itself, not only in the folded menu; the panel offers both as lines too.
      await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
      await page.getByRole("button", { name: "Open menu" }).click();
      const panel = page.getByRole("dialog", { name: "Menu" });
      await expect(panel.getByRole("link", { name: "Register", exact: true })).toHaveAttribute("href", "/register");
      await expect(panel.getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute("href", LOGIN_TAB);
      await expectNoSeriousAccessibilityViolations(page);
      await saveScreenshot(page, `menu-signed-out-${testInfo.project.name}`);
      await panel.getByRole("button", { name: "Close menu" }).click();
    } else {
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Register", exact: true })).toHaveAttribute("href", "/register");
    }
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `header-signed-out-${testInfo.project.name}`);

    await signIn.click();
    await expect(page).toHaveURL(/\/register\?tab=login$/);
    await expect(page.getByRole("tab", { name: "Login", selected: true })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Register", selected: false })).toBeVisible();
  });

  test("Sign in stays in the header bar at every width, which stays one line high", { tag: "@desktop-only" }, async ({ page }, testInfo) => {
    for (const width of [320, 360, 390, 768, 1024, 1279, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/memories");
      await test.step(`at ${width} px`, async () => {
        await expect(signedOutSignIn(page)).toBeVisible();
        await expect(signedOutSignIn(page)).toHaveAttribute("href", "/register?tab=login&next=%2Fmemories");
        await expectTouchTarget(signedOutSignIn(page));
        await expectNoSidewaysScrolling(page);
        await expect.poll(async () => (await page.locator("body > header").boundingBox())?.height).toBeLessThan(80);
        // Nothing in the bar is pushed past its right edge.
        const right = await page
          .locator("body > header > div > *")
          .evaluateAll((children) =>
            Math.max(...children.filter((child) => child.getBoundingClientRect().width > 0).map((child) => child.getBoundingClientRect().right)),
          );
        expect(right).toBeLessThanOrEqual(width);
      });
      if (width === 320) await saveScreenshot(page, `header-signed-out-320-${testInfo.project.name}`);
    }
  });

  test("Sign in in the header comes back to the page it was pressed on", async ({ page, browser }) => {
    const person = newPerson("Agnes", "Return");
    const other = await browser.newContext();
    await registerThroughApi(other.request, person);
    await other.close();
    await page.goto("/questionnaires");
    await signedOutSignIn(page).click();
    await expect(page).toHaveURL(/\/register\?tab=login&next=%2Fquestionnaires$/);
    const form = page.getByRole("form", { name: "Login" });
    await form.getByLabel("Email").fill(person.email);
    await form.getByLabel("Password").fill(person.password);
    await form.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/questionnaires$/);
    await expect(page.getByRole("link", { name: "Create Custom Questionnaire" })).toBeVisible();
  });

  test("a signed-in member sees no Sign in", async ({ page }, testInfo) => {
    await registerThroughApi(page.request, newPerson());
    await page.goto("/family-dashboard");
    await expect(page.getByRole("heading", { name: "Family Dashboard" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toHaveCount(0);
    if (testInfo.project.name === "mobile") {
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Sign in" })).toHaveCount(0);
    }
  });

  test("the landing page offers Sign in beside its main buttons, and Start Creating leads a visitor to Register", async ({ page }, testInfo) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByText("Already have an account?")).toBeVisible();
    const signIn = main.getByRole("link", { name: "Sign in", exact: true });
    await expect(signIn).toHaveAttribute("href", LOGIN_TAB);
    await expectTouchTarget(signIn);
    const start = main.getByRole("link", { name: "Start Creating Your Family Book" });
    await expect(start).toHaveAttribute("href", REGISTER_TAB);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `landing-signed-out-${testInfo.project.name}`);

    await signIn.click();
    await expect(page).toHaveURL(/\/register\?tab=login$/);
    await expect(page.getByRole("tab", { name: "Login", selected: true })).toBeVisible();

    await page.goto("/");
    await start.click();
    await expect(page).toHaveURL(/\/register\?tab=register$/);
    await expect(page.getByRole("tab", { name: "Register", selected: true })).toBeVisible();
    await expect(page.getByText("Authentication Required")).toHaveCount(0);
  });

  test("for a member, Start Creating opens the Family Book and the landing page asks nobody to sign in", async ({ page }) => {
    await registerThroughApi(page.request, newPerson());
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Start Creating Your Family Book" })).toHaveAttribute("href", "/family-book");
    await expect(main.getByText("Already have an account?")).toHaveCount(0);
  });
});

test.describe("Show password", () => {
  test("on the login form it shows and hides the password, by keyboard too, and keeps what was typed", async ({ page }, testInfo) => {
    await page.goto(LOGIN_TAB);
    const form = page.getByRole("form", { name: "Login" });
    const password = form.getByLabel("Password");
    const toggle = form.getByRole("button", { name: "Show password" });
    await expect(toggle).toHaveAttribute("type", "button");
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(password).toHaveAttribute("type", "password");
    await expectTouchTarget(toggle);

    await password.fill("a family secret");
    // The next stop after the password is its button.
    await password.press("Tab");
    await expectVisibleFocus(toggle);
    await page.keyboard.press("Space");
    await expect(password).toHaveAttribute("type", "text");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(password).toHaveValue("a family secret");
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `login-password-shown-${testInfo.project.name}`);

    await page.keyboard.press("Enter");
    await expect(password).toHaveAttribute("type", "password");
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(page).toHaveURL(/\/register\?tab=login$/);

    // Pressed by mouse or finger alike.
    await toggle.click();
    await expect(password).toHaveAttribute("type", "text");
    await toggle.click();
    await expect(password).toHaveAttribute("type", "password");
  });

  test("the register form's password has its own button", async ({ page }) => {
    await page.goto(REGISTER_TAB);
    const form = page.getByRole("form", { name: "Register" });
    await form.getByRole("button", { name: "Show password" }).click();
    await expect(form.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
    await expect(form.getByRole("button", { name: "Show password" })).toHaveAttribute("aria-pressed", "true");
  });
});

test.describe("the address typed on Sign in", () => {
  test("is carried to Forgot your password?, and the sign-in error is not", async ({ page, browser }, testInfo) => {
    const person = newPerson("Edith", "Forgetful");
    const other = await browser.newContext();
    await registerThroughApi(other.request, person);
    await other.close();
    await page.goto(LOGIN_TAB);
    const form = page.getByRole("form", { name: "Login" });
    await form.getByLabel("Email").fill(person.email);
    await form.getByLabel("Password").fill("not my password");
    await form.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(form.getByRole("alert")).toHaveText("Invalid email or password. Please try again.");
    await expect(page.getByText("Login failed")).toBeVisible();

    await form.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(new RegExp(`/forgot-password\\?email=${encodeURIComponent(person.email).replace(/\./g, "\\.")}$`));
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(person.email);
    await expect(page.getByText("Login failed")).toHaveCount(0);
    await expect(page.getByText("Invalid email or password")).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `forgot-password-carried-${testInfo.project.name}`);

    await page.getByRole("button", { name: "Email me a link" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  });

  test("is in the forgot-password page's HTML before any script runs; an empty one leaves the link plain", async ({ page, request }) => {
    const html = await (await request.get("/forgot-password?email=nan%2Bbooks%40example.test")).text();
    expect(html).toMatch(/<input[^>]*id="forgot-email"[^>]*value="nan\+books@example\.test"|<input[^>]*value="nan\+books@example\.test"[^>]*id="forgot-email"/);

    await page.goto(LOGIN_TAB);
    await expect(page.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/forgot-password");
  });
});

test.describe("Settings → Change password", () => {
  test("a member changes their password: the other devices are signed out, this one is not, and the new password signs in", async ({
    page,
    browser,
  }, testInfo) => {
    const person = newPerson("Rosa", "Lindqvist");
    await registerThroughApi(page.request, person);
    // The same account signed in on another device.
    const tablet = await browser.newContext();
    expect((await tablet.request.post("/api/auth/login", { data: { email: person.email, password: person.password } })).status()).toBe(200);

    await page.goto("/settings");
    const form = page.getByRole("form", { name: "Change password" });
    await expect(page.getByRole("heading", { name: "Change password" })).toBeVisible();
    const current = form.getByLabel("Current password");
    const next = form.getByLabel("New password");
    await expect(current).toHaveAttribute("autocomplete", "current-password");
    await expect(next).toHaveAttribute("autocomplete", "new-password");
    await expect(form.getByRole("button", { name: "Show password" })).toHaveCount(2);

    // A wrong current password is refused on its field.
    await current.fill("not my password");
    await next.fill("moss on the garden wall");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByText("That password is not right.")).toBeVisible();
    await expect(current).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `settings-change-password-wrong-${testInfo.project.name}`);

    // The new password follows the registration rule, with the same live hint.
    await current.fill(person.password);
    await next.fill("rosalindqvist");
    await expect(form.locator("[aria-live=polite]")).toContainText("Password strength: Too easy to guess");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByText("This password is too common or too easy to guess. Please choose one that is harder to guess.")).toBeVisible();

    await next.fill("moss on the garden wall");
    await expect(form.locator("[aria-live=polite]")).toContainText("Password strength: Strong");
    await form.getByRole("button", { name: "Show password" }).last().click();
    await expect(next).toHaveAttribute("type", "text");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("status").filter({ hasText: CHANGED })).toBeVisible();
    // Cleared, and hidden again.
    await expect(current).toHaveValue("");
    await expect(next).toHaveValue("");
    await expect(next).toHaveAttribute("type", "password");
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `settings-change-password-done-${testInfo.project.name}`);

    // This device stays signed in; the other one is signed out.
    await page.goto("/family-dashboard");
    await expect(page.getByText("Welcome Rosa Lindqvist")).toBeVisible();
    expect((await tablet.request.get("/api/auth/me")).status()).toBe(401);
    await tablet.close();

    // The old password no longer signs in; the new one does, through the Login form.
    const later = await browser.newContext();
    const laterPage = await later.newPage();
    expect((await later.request.post("/api/auth/login", { data: { email: person.email, password: person.password } })).status()).toBe(401);
    await laterPage.goto(LOGIN_TAB);
    const login = laterPage.getByRole("form", { name: "Login" });
    await login.getByLabel("Email").fill(person.email);
    await login.getByLabel("Password").fill("moss on the garden wall");
    await login.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(laterPage).toHaveURL(/\/family-dashboard$/);
    await later.close();
  });

  test("an account that signs in with Google is told how to set a password instead", async ({ page, context, baseURL }, testInfo) => {
    const google = newPerson("Ines", "Google");
    await afterGoogleVerified(context, baseURL!, { email: google.email, given_name: "Ines", family_name: "Google" });
    await page.goto("/api/auth/google/complete");
    await expect(page).toHaveURL(/\/family-dashboard$/);

    await page.goto("/settings");
    const card = page.getByRole("region", { name: "Change password" });
    await expect(card).toContainText("Your account signs in with Google");
    await expect(card.getByRole("form", { name: "Change password" })).toHaveCount(0);
    const forgot = card.getByRole("link", { name: "Forgot your password?" });
    await expect(forgot).toHaveAttribute("href", `/forgot-password?${new URLSearchParams({ email: google.email })}`);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `settings-change-password-google-${testInfo.project.name}`);
  });
});
