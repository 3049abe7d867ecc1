import { expect, test, type Locator, type Page } from "@playwright/test";
import { stableUuid } from "../../src/lib/stable-id";
import { newPerson, registerThroughApi } from "./support/accounts";
import { createMemory } from "./support/content";
import { confirmAddress, firstWeeklyQuestionLink } from "./support/outbox";

// On a slow phone a form is on screen seconds before the page's scripts have run. It must show what
// is saved from the first moment, and whatever the person types or chooses in those seconds must
// still be there once the scripts take the form over (docs/decisions/018-first-visit.md).

/** Holds back the page's scripts, as a slow connection would; the returned function lets them through and waits until they have taken `element` over. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    await held;
    await route.continue();
  });
  return async (element: Locator) => {
    release();
    await expect.poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber")))).toBe(true);
  };
}

const childhood = stableUuid("questionnaire:childhood");

test.describe("forms before the page's scripts have run", () => {
  test.use({ timezoneId: "UTC" });

  test("the edit form shows the saved memory at once, and a title typed before the scripts ran is the one saved", async ({ page }) => {
    await registerThroughApi(page.request, newPerson("Ivy", "Slow"));
    const memory = await createMemory(page.request, { title: "Garden party", date: "2015-07-04", content: "Lemonade and a brass band." });
    const release = await holdScripts(page);
    await page.goto(`/memories/edit/${memory.id}`, { waitUntil: "domcontentloaded" });
    const date = page.getByLabel("Date of Memory");
    await expect(page.getByLabel("Title")).toHaveValue("Garden party");
    await expect(date).toHaveValue("2015-07-04");
    await expect(page.getByLabel("Memory", { exact: true })).toHaveValue("Lemonade and a brass band.");
    // Not yet taken over: the date's latest allowed day is the device's own, known only to the scripts.
    await expect(date).not.toHaveAttribute("max");

    await page.getByLabel("Title").fill("Garden party at Aunt May's");
    await release(page.getByLabel("Title"));
    await expect(date).toHaveAttribute("max", /^\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByLabel("Title")).toHaveValue("Garden party at Aunt May's");
    await expect(date).toHaveValue("2015-07-04");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/memories$/);
    await expect(page.getByRole("article", { name: "Garden party at Aunt May's" })).toBeVisible();
  });

  test("the weekly questions form shows its starting choices at once, and a day chosen before the scripts ran is the one set up", async ({ page }) => {
    await registerThroughApi(page.request, newPerson("Ada", "Slow"));
    const release = await holdScripts(page);
    await page.goto("/weekly-questions", { waitUntil: "domcontentloaded" });
    const form = page.getByRole("form", { name: "Set up weekly questions" });
    await expect(form.getByLabel("Day of the week")).toHaveValue("7");
    await expect(form.getByLabel("Time", { exact: true })).toHaveValue("10");
    await expect(form.getByLabel("Surprise me: a question from the library each week, never one already answered")).toBeChecked();
    await expect(form.getByLabel("Send the first question now")).toBeChecked();
    await expect(form.getByLabel("Time zone of the person who gets the questions")).toHaveValue("UTC");
    await expect(form.getByLabel("Share answers with the family when they are saved")).toBeChecked();

    await form.getByLabel("Day of the week").selectOption({ label: "Wednesday" });
    await form.getByLabel("Send the first question now").uncheck();
    await release(form);
    // Taken over: choosing a questionnaire now shows the questionnaire picker, which only the scripts can do.
    await form.getByLabel("The questions of one questionnaire, in order").check();
    await expect(form.getByLabel("Questionnaire", { exact: true })).toBeVisible();
    await form.getByLabel("Surprise me: a question from the library each week, never one already answered").check();
    await expect(form.getByLabel("Day of the week")).toHaveValue("3");
    await expect(form.getByLabel("Send the first question now")).not.toBeChecked();
    // This browser's own zone is UTC, which the list names too.
    await expect(form.getByLabel("Time zone of the person who gets the questions")).toHaveValue("UTC");
    await form.getByRole("button", { name: "Start weekly questions" }).click();
    await expect(page.getByText("Weekly questions set up", { exact: true })).toBeVisible();
    const plans = page.getByRole("region", { name: "Weekly questions", exact: true });
    await expect(plans.getByText("Wednesdays at 10:00 (UTC)", { exact: true })).toBeVisible();
  });

  test("an answer typed on the weekly question's page before the scripts ran is the one saved", async ({ page }) => {
    const rose = newPerson("Rose", "Slow");
    const { id } = await registerThroughApi(page.request, rose);
    await confirmAddress(page.request, rose.email);
    const link = await firstWeeklyQuestionLink(page.request, { recipientId: id, email: rose.email, shared: false });

    const release = await holdScripts(page);
    await page.goto(link.pathname + link.search, { waitUntil: "domcontentloaded" });
    const answer = page.getByRole("textbox", { name: "Your answer" });
    await answer.fill("In Lagos, in the spring of 1948.");
    // Save tapped before the scripts have run does nothing: the answer stays, and stays out of the address.
    const address = page.url();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(answer).toHaveValue("In Lagos, in the spring of 1948.");
    expect(page.url()).toBe(address);
    await release(answer);
    await expect(answer).toHaveValue("In Lagos, in the spring of 1948.");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("heading", { name: "Thank you, Rose! Your answer is saved." })).toBeVisible();
    const saved = await page.request.get(`/api/questionnaires/${childhood}/responses`);
    expect(saved.status()).toBe(200);
    expect(JSON.stringify(await saved.json())).toContain("In Lagos, in the spring of 1948.");
  });

  test("an answer typed on /ask before the scripts ran is the one saved", async ({ page }) => {
    await registerThroughApi(page.request, newPerson("Grace", "Slow"));
    const release = await holdScripts(page);
    await page.goto("/ask", { waitUntil: "domcontentloaded" });
    const card = page.getByRole("region", { name: "Where and when were you born?" });
    await card.getByLabel("Your answer").fill("In Cardiff, in the spring of 1948.");
    await release(card.getByLabel("Your answer"));
    await card.getByRole("button", { name: "Save my answer" }).click();
    await expect(page.getByRole("heading", { name: "Your answer is saved." })).toBeVisible();
    const saved = await page.request.get(`/api/questionnaires/${childhood}/responses`);
    expect(JSON.stringify(await saved.json())).toContain("In Cardiff, in the spring of 1948.");
  });

  test("Sign In pressed before the scripts ran sends nothing, so the password never lands in the address", async ({ page, browser }) => {
    const person = newPerson("Otto", "Early");
    const other = await browser.newContext();
    await registerThroughApi(other.request, person);
    await other.close();
    const release = await holdScripts(page);
    await page.goto("/register?tab=login", { waitUntil: "domcontentloaded" });
    const form = page.getByRole("form", { name: "Login" });
    await form.getByLabel("Email").fill(person.email);
    await form.getByLabel("Password").fill(person.password);
    await form.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(form.getByLabel("Password")).toHaveValue(person.password);
    expect(page.url()).not.toContain("password");
    expect(new URL(page.url()).search).toBe("?tab=login");

    await release(form);
    await form.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/family-dashboard$/);
  });
});
