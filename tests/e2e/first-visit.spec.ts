import { expect, test, type Page } from "@playwright/test";
import { stableUuid } from "../../src/lib/stable-id";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi, type Person } from "./support/accounts";
import { createMemory, photoBytes } from "./support/content";

// A member's first visit and an ended session (docs/product.md §2, §4; docs/decisions/018-first-visit.md):
// next steps on the dashboard, a question to answer on /ask, an empty Family Book that explains
// itself, and forms that keep their draft when the session ends before saving.

const childhood = stableUuid("questionnaire:childhood");

/** Ends the browser's session on the server, the way an expiry or a sign-out elsewhere would; the cookie stays. */
async function endSessionOnServer(page: Page) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === "fb_session")!.value;
  const ended = await page.context().request.fetch("/api/auth/logout", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, cookie: "" },
  });
  expect(ended.status()).toBe(200);
  // The answer cleared the cookie in this context's jar: put the dead one back, as a browser would still hold it.
  const url = new URL(page.url());
  await page.context().addCookies([{ name: "fb_session", value: token, domain: url.hostname, path: "/", httpOnly: true, sameSite: "Lax" }]);
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);
}

async function signIn(page: Page, person: Person) {
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Email").fill(person.email);
  await form.getByLabel("Password").fill(person.password);
  await form.getByRole("button", { name: "Sign In", exact: true }).click();
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(100);
    await saveScreenshot(page, `first-visit-${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe("an ended session keeps the draft", () => {
  test("a new memory with a tag and a photo survives the session ending, and comes back after signing in", async ({ page, browser }) => {
    const grandma = newPerson("Margaret", "Hughes");
    const { invite_code } = await registerThroughApi(page.request, grandma);
    const tom = await browser.newContext();
    await registerThroughApi(tom.request, newPerson("Tom", "Hughes"), invite_code);
    await tom.close();

    await page.goto("/memories/add");
    await page.getByLabel("Title").fill("The harvest of 1962");
    await page.getByLabel("Date of Memory").fill("1962-09-20");
    await page.getByLabel("Memory", { exact: true }).fill("Everyone came to help, and we ate on the barn floor.");
    await page.getByRole("group", { name: "Tag Family Members" }).getByRole("checkbox", { name: "Tom Hughes" }).click();
    await page.getByLabel("Add photos").setInputFiles([{ name: "barn.jpg", mimeType: "image/jpeg", buffer: await photoBytes("#c0392b") }]);
    await expect(page.getByRole("img", { name: "New photo barn.jpg" })).toBeVisible();

    await endSessionOnServer(page);
    await page.getByRole("button", { name: "Save Memory" }).click();
    const notice = page.getByRole("alert").filter({ hasText: "You've been signed out — sign in to save your memory" });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText("What you wrote is kept on this device.");
    await expect(page.getByText("barn.jpg was not uploaded")).toHaveCount(0);
    // Nothing typed is lost on the page either.
    await expect(page.getByLabel("Title")).toHaveValue("The harvest of 1962");
    await expectNoSeriousAccessibilityViolations(page);

    await notice.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/register\?tab=login&next=%2Fmemories%2Fadd$/);
    await signIn(page, grandma);
    await expect(page).toHaveURL(/\/memories\/add$/);
    await expect(page.getByRole("status").filter({ hasText: "Welcome back: your draft is here, as you left it." })).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue("The harvest of 1962");
    await expect(page.getByLabel("Date of Memory")).toHaveValue("1962-09-20");
    await expect(page.getByLabel("Memory", { exact: true })).toHaveValue("Everyone came to help, and we ate on the barn floor.");
    await expect(page.getByRole("group", { name: "Tag Family Members" }).getByRole("checkbox", { name: "Tom Hughes" })).toBeChecked();
    await expect(page.getByRole("img", { name: "New photo barn.jpg" })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);

    await page.getByRole("button", { name: "Save Memory" }).click();
    await expect(page).toHaveURL(/\/memories$/);
    const card = page.getByRole("article", { name: "The harvest of 1962" });
    await card.getByRole("button", { name: /Show details/ }).click();
    await expect(card.getByText("Tom Hughes")).toBeVisible();
    await expect(card.getByRole("button", { name: /Open photo/ })).toHaveCount(1);

    // The draft was given back once: the form is empty on the next visit.
    await page.goto("/memories/add");
    await expect(page.getByLabel("Title")).toHaveValue("");
  });

  test("an edit meets an ended session: the changes wait, and a different person signing in does not get them", async ({ page, browser }) => {
    const owner = newPerson("Ruth", "Ng");
    await registerThroughApi(page.request, owner);
    const memory = await createMemory(page.request, { title: "Garden party", date: "2015-07-04" });
    await page.goto(`/memories/edit/${memory.id}`);
    await page.getByLabel("Title").fill("Garden party at Aunt May's");
    await page.context().clearCookies();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "You've been signed out — sign in to save your memory" })).toBeVisible();

    // Someone else signs in on this device first: the draft is not theirs.
    const other = newPerson("Otto", "Stranger");
    const otherContext = await browser.newContext();
    await registerThroughApi(otherContext.request, other);
    await otherContext.close();
    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(new RegExp(`/register\\?tab=login&next=%2Fmemories%2Fedit%2F${memory.id}$`));
    await signIn(page, other);
    await expect(page.getByRole("heading", { name: "Error Loading Memory" })).toBeVisible();

    await page.context().clearCookies();
    await page.goto(`/memories/edit/${memory.id}`);
    await page.getByRole("main").getByRole("link", { name: "Sign In" }).click();
    await signIn(page, owner);
    await expect(page).toHaveURL(new RegExp(`/memories/edit/${memory.id}$`));
    await expect(page.getByLabel("Title")).toHaveValue("Garden party at Aunt May's");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/memories$/);
    await expect(page.getByRole("article", { name: "Garden party at Aunt May's" })).toBeVisible();
  });

  test("where the device cannot keep photos, the text comes back and the photos are named to choose again", { tag: "@desktop-only" }, async ({ page }) => {
    // A browser without IndexedDB (some private windows): only sessionStorage is left.
    await page.addInitScript(() => Object.defineProperty(window, "indexedDB", { value: undefined }));
    const person = newPerson("Nell", "Private");
    await registerThroughApi(page.request, person);
    await page.goto("/memories/add");
    await page.getByLabel("Title").fill("Sunday lunch");
    await page.getByLabel("Date of Memory").fill("1975-03-02");
    await page.getByLabel("Memory", { exact: true }).fill("Roast, and far too many cousins.");
    await page.getByLabel("Add photos").setInputFiles([{ name: "table.jpg", mimeType: "image/jpeg", buffer: await photoBytes("#2e86de") }]);
    await expect(page.getByRole("img", { name: "New photo table.jpg" })).toBeVisible();
    await page.context().clearCookies();
    await page.getByRole("button", { name: "Save Memory" }).click();
    const notice = page.getByRole("alert").filter({ hasText: "You've been signed out — sign in to save your memory" });
    await expect(notice).toContainText("This device cannot keep the photos you chose, so please choose them again after signing in: table.jpg.");
    await notice.getByRole("link", { name: "Sign in" }).click();
    await signIn(page, person);
    await expect(page).toHaveURL(/\/memories\/add$/);
    await expect(page.getByLabel("Title")).toHaveValue("Sunday lunch");
    await expect(page.getByLabel("Memory", { exact: true })).toHaveValue("Roast, and far too many cousins.");
    await expect(page.getByRole("status").filter({ hasText: "Please choose these photos again: table.jpg." })).toBeVisible();
    await expect(page.getByRole("img", { name: "New photo table.jpg" })).toHaveCount(0);
  });

  test("answers and a new questionnaire keep their draft through a sign-in", async ({ page }) => {
    const person = newPerson("Edith", "Clarke");
    await registerThroughApi(page.request, person);

    await page.goto(`/questionnaires/${childhood}`);
    await page.getByLabel(/Where and when were you born/).fill("In Cardiff, in 1948.");
    await page.getByLabel(/What is your earliest memory/).fill("The smell of my father's workshop.");
    await endSessionOnServer(page);
    await page.getByRole("button", { name: "Submit" }).click();
    const notice = page.getByRole("alert").filter({ hasText: "You've been signed out — sign in to save your answers" });
    await expect(notice).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await notice.getByRole("link", { name: "Sign in" }).click();
    await signIn(page, person);
    await expect(page).toHaveURL(new RegExp(`/questionnaires/${childhood}$`));
    await expect(page.getByLabel(/What is your earliest memory/)).toHaveValue("The smell of my father's workshop.");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("heading", { name: "Share these answers with your family?" })).toBeVisible();

    await page.goto("/questionnaires/create");
    await page.getByLabel("Title").fill("Grandpa's boat");
    await page.getByLabel("Question text").first().fill("Who sailed with him?");
    await page.context().clearCookies();
    await page.getByRole("button", { name: "Create Questionnaire" }).click();
    const created = page.getByRole("alert").filter({ hasText: "You've been signed out — sign in to create your questionnaire" });
    await expect(created).toBeVisible();
    await created.getByRole("link", { name: "Sign in" }).click();
    await signIn(page, person);
    await expect(page).toHaveURL(/\/questionnaires\/create$/);
    await expect(page.getByLabel("Title")).toHaveValue("Grandpa's boat");
    await expect(page.getByLabel("Question text").first()).toHaveValue("Who sailed with him?");
    await page.getByRole("button", { name: "Create Questionnaire" }).click();
    await expect(page).toHaveURL(/\/questionnaires$/);
    await expect(page.getByRole("link", { name: /Grandpa's boat/ })).toBeVisible();
  });
});

test.describe("an ended session keeps an invitation", () => {
  test("an invitation by email waits through a sign-in and is sent afterwards", { tag: "@desktop-only" }, async ({ page }) => {
    const person = newPerson("Iris", "Bell");
    await registerThroughApi(page.request, person);
    await page.goto("/family-dashboard");
    const form = page.getByRole("form", { name: "Invite by email" });
    await form.getByLabel("First name").fill("Ines");
    await form.getByLabel("Email").fill(`ines.${Date.now()}@example.test`);
    await form.getByLabel("Personal note (optional)").fill("Come and see the photos of Grandpa!");
    await endSessionOnServer(page);
    await form.getByRole("button", { name: "Send invitation" }).click();
    const notice = form.getByRole("alert").filter({ hasText: "You've been signed out — sign in to send your invitation" });
    await expect(notice).toBeVisible();
    await notice.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/register\?tab=login&next=%2Ffamily-dashboard$/);
    await signIn(page, person);
    await expect(page).toHaveURL(/\/family-dashboard$/);
    await expect(form.getByLabel("Personal note (optional)")).toHaveValue("Come and see the photos of Grandpa!");
    await expect(form.getByLabel("First name")).toHaveValue("Ines");
    await form.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText("Ines will get an email with a link to join.")).toBeVisible();
  });
});

test.describe("the first visit", () => {
  test("the dashboard's next steps are ticked one by one, with words, and leave when all are done", async ({ page }) => {
    await registerThroughApi(page.request, newPerson("Ada", "Byron"));
    await page.goto("/family-dashboard");
    const steps = page.getByRole("region", { name: "Your first steps" });
    await expect(steps.getByText("0 of 3 done")).toBeVisible();
    await expect(steps.getByRole("link", { name: "Write your first memory" })).toHaveAttribute("href", "/memories/add");
    await expect(steps.getByRole("link", { name: "Answer a question" })).toHaveAttribute("href", "/ask");
    await expect(steps.getByRole("link", { name: "Invite someone" })).toHaveAttribute("href", "#invite-by-email");
    for (const link of await steps.getByRole("link").all()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expectNoSeriousAccessibilityViolations(page);

    await createMemory(page.request, { title: "My first memory" });
    await page.reload();
    await expect(steps.getByText("1 of 3 done")).toBeVisible();
    await expect(steps.getByRole("listitem").first()).toHaveText(/Write your first memory\s*Done/);
    await expect(steps.getByRole("link", { name: "Write your first memory" })).toHaveCount(0);
    await expectNoSeriousAccessibilityViolations(page);

    await steps.getByRole("link", { name: "Invite someone" }).click();
    await expect(page.getByRole("heading", { name: "Invite by email" })).toBeInViewport();
    const invitation = page.getByRole("form", { name: "Invite by email" });
    await invitation.getByLabel("First name").fill("Ines");
    await invitation.getByLabel("Email").fill(`ines.${Date.now()}@example.test`);
    await invitation.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText("Ines will get an email with a link to join.")).toBeVisible();
    await page.reload();
    await expect(steps.getByText("2 of 3 done")).toBeVisible();

    // From the page itself, as the answering form sends it.
    const responses = [
      { question_id: stableUuid("question:childhood:born"), answer_text: "In Cardiff." },
      { question_id: stableUuid("question:childhood:earliest"), answer_text: "The workshop." },
    ];
    const status = await page.evaluate(
      async (body) => (await fetch("/api/questionnaires/responses", { method: "POST", headers: { "content-type": "application/json" }, body })).status,
      JSON.stringify({ responses }),
    );
    expect(status).toBe(201);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Family Dashboard" })).toBeVisible();
    await expect(steps).toHaveCount(0);
  });

  test("/ask offers a member a question to answer now, saves that one answer on its own, and offers the next", async ({ page }) => {
    await registerThroughApi(page.request, newPerson("Grace", "Hopper"));
    await page.goto("/ask");
    await expect(page.getByRole("heading", { level: 1, name: "Ask a Question" })).toBeVisible();
    const card = page.getByRole("region", { name: "Where and when were you born?" });
    await expect(card.getByText("From the questionnaire “Childhood Memories”")).toBeVisible();
    await expect(card.getByText("This answer is saved on its own")).toBeVisible();
    await expect(card.getByRole("link", { name: "Go to “Childhood Memories”" })).toHaveAttribute("href", `/questionnaires/${childhood}`);
    await expect(card.getByRole("link", { name: "All questionnaires" })).toHaveAttribute("href", "/questionnaires");
    await expectNoSeriousAccessibilityViolations(page);

    await card.getByRole("button", { name: "Save my answer" }).click();
    await expect(card.getByText("This question requires an answer")).toBeVisible();
    await expect(card.getByLabel("Your answer")).toBeFocused();
    await card.getByLabel("Your answer").fill("In Cardiff, in the spring of 1948.");
    await card.getByRole("button", { name: "Save my answer" }).click();

    // Saved there and then: the questionnaire's other (required) questions are not asked for.
    const saved = page.getByRole("region", { name: "Your answer is saved." });
    await expect(saved.getByRole("heading", { name: "Your answer is saved." })).toBeFocused();
    await expect(saved.getByRole("link", { name: "View My Completed Questionnaires" })).toHaveAttribute("href", "/completed-questionnaires");
    await expectNoSeriousAccessibilityViolations(page);
    await saved.getByRole("button", { name: "Answer another question" }).click();
    // The next question of the same questionnaire, not the one answered.
    await expect(page.getByRole("region", { name: "Describe the home you grew up in." })).toBeVisible();

    // Listed with the person's answers, private until shared.
    await page.goto("/completed-questionnaires");
    const completed = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /Childhood Memories/ }) });
    await completed.getByRole("button", { name: /^Childhood Memories/ }).click();
    await expect(completed.getByText("In Cardiff, in the spring of 1948.")).toBeVisible();

    // The questionnaire's page asks only what the set still lacks.
    await page.goto(`/questionnaires/${childhood}`);
    await expect(page.getByRole("status").filter({ hasText: "You have answered 1 of" })).toBeVisible();
    await expect(page.getByLabel(/Where and when were you born/)).toHaveCount(0);
    await page.getByLabel(/What is your earliest memory/).fill("The smell of my father's workshop.");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("heading", { name: "Share these answers with your family?" })).toBeVisible();
  });

  test("/ask stays the landing page for an anonymous visitor", async ({ page }) => {
    await page.goto("/ask");
    await expect(page.getByRole("heading", { level: 1, name: "Preserve Your Family's Legacy" })).toBeVisible();
    await expect(page.getByRole("region", { name: /A question for you/ })).toHaveCount(0);
    await expectNoSeriousAccessibilityViolations(page);
  });

  test("an empty Family Book explains what will appear and how to share, and offers no PDF until something is shared", async ({ page }) => {
    await registerThroughApi(page.request, newPerson("Nina", "Solo"));
    await createMemory(page.request, { title: "Kept to myself", shared: false });
    await page.goto("/family-book");
    await expect(page.getByRole("heading", { name: "Nothing has been shared yet" })).toBeVisible();
    await expect(page.getByText("every memory and every answer someone shares appears here")).toBeVisible();
    await expect(page.getByText("There is nothing to put in it yet.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Download PDF book" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Write a memory" })).toHaveAttribute("href", "/memories/add");
    await expect(page.getByText("Kept to myself")).toHaveCount(0);
    await expectNoSeriousAccessibilityViolations(page);

    await createMemory(page.request, { title: "Shared at last", shared: true });
    await page.reload();
    await expect(page.getByRole("button", { name: "Download PDF book" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Shared at last/ })).toBeVisible();
  });

  test("screenshots of the first-visit screens at 390, 768 and 1280 px", { tag: "@desktop-only" }, async ({ page }) => {
    await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    await createMemory(page.request, { title: "My first memory" });
    await page.goto("/family-dashboard");
    await expect(page.getByRole("region", { name: "Your first steps" })).toBeVisible();
    await expect(page.getByRole("region", { name: "On this day" })).toHaveAttribute("aria-busy", "false");
    await shoot(page, "dashboard");
    await page.goto("/ask");
    await shoot(page, "ask-member");
    const asked = page.getByRole("region", { name: "Where and when were you born?" });
    await asked.getByLabel("Your answer").fill("In Cardiff, in the spring of 1948.");
    await asked.getByRole("button", { name: "Save my answer" }).click();
    await expect(page.getByRole("heading", { name: "Your answer is saved." })).toBeVisible();
    await shoot(page, "ask-member-saved");
    await page.goto("/family-book");
    await shoot(page, "family-book-empty");
    await page.goto("/memories/add");
    await page.getByLabel("Title").fill("The harvest of 1962");
    await page.getByLabel("Date of Memory").fill("1962-09-20");
    await page.getByLabel("Memory", { exact: true }).fill("Everyone came to help.");
    await page.getByLabel("Add photos").setInputFiles([{ name: "barn.jpg", mimeType: "image/jpeg", buffer: await photoBytes("#c0392b") }]);
    await page.context().clearCookies();
    await page.getByRole("button", { name: "Save Memory" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "You've been signed out" })).toBeVisible();
    await shoot(page, "memory-signed-out");
  });
});
