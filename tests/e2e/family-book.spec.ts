import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { readPdf } from "../helpers/pdf-text";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { expectReadableText } from "./support/layout";

const photo = (color: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

async function shareMemory(request: APIRequestContext, fields: { title: string; date: string; photos?: number; shared?: boolean }) {
  const form = new FormData();
  form.append("title", fields.title);
  form.append("content", `The story of ${fields.title}.`);
  form.append("memory_date", fields.date);
  form.append("is_shared", String(fields.shared ?? true));
  const colors = ["#c0392b", "#2e86de", "#27ae60", "#8e44ad", "#f39c12"];
  for (let index = 0; index < (fields.photos ?? 0); index += 1) {
    form.append("photos", new File([new Uint8Array(await photo(colors[index]!))], `photo-${index}.jpg`, { type: "image/jpeg" }));
  }
  const response = await request.post("/api/memories", { multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data.memory as { id: string };
}

/** Answers every question of a library questionnaire and shares the whole submission. */
async function shareAnswers(request: APIRequestContext, questionnaireTitle: string, answerPrefix: string) {
  const list = await (await request.get("/api/questionnaires")).json();
  const questionnaire = list.data.questionnaires.find((candidate: { title: string }) => candidate.title === questionnaireTitle);
  const questions = (await (await request.get(`/api/questionnaires/${questionnaire.id}/questions`)).json()).data.questions as { id: string }[];
  const saved = await request.post("/api/questionnaires/responses", {
    data: { responses: questions.map((question, index) => ({ question_id: question.id, answer_text: `${answerPrefix} ${index + 1}` })) },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const submissions = (await (await request.get(`/api/questionnaires/${questionnaire.id}/submissions`)).json()).data.submissions as { id: string }[];
  const shared = await request.patch(`/api/questionnaires/submissions/${submissions[0]!.id}/toggle-shared`, { data: { is_shared: true } });
  expect(shared.status(), await shared.text()).toBe(200);
}

test.describe("the Family Book", () => {
  test("two relatives read what each shared in the three tabs, filtered by member", async ({ page, browser }, testInfo) => {
    const grandma = await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    const grandsonContext = await browser.newContext();
    const grandson = grandsonContext.request;
    await registerThroughApi(grandson, newPerson("Tom", "Hughes"), grandma.invite_code);

    await shareMemory(page.request, { title: "Wedding in Ørsted", date: "1965-06-12", photos: 5 });
    await shareMemory(page.request, { title: "Grandma's private diary", date: "1970-01-01", shared: false });
    await shareMemory(grandson, { title: "First day at school", date: "2012-09-03" });
    await shareAnswers(grandson, "Life Lessons", "Tom says");

    await page.goto("/family-book");
    await expect(page.getByRole("heading", { level: 1, name: "Family Book" })).toBeVisible();
    const filter = page.getByRole("navigation", { name: "Show stories from" });
    await expect(filter.getByRole("link", { name: "All Family" })).toHaveAttribute("aria-current", "true");
    await expect(filter.getByRole("link", { name: "Tom Hughes" })).toBeVisible();

    // Shared Memories: newest first, the private one absent.
    const memories = page.getByRole("tabpanel", { name: "Shared Memories" });
    await expect(memories.getByRole("button", { name: /First day at school/ })).toBeVisible();
    await expect(memories.getByText("Grandma's private diary")).toHaveCount(0);
    const wedding = memories.getByRole("button", { name: /Wedding in Ørsted/ });
    await expect(wedding).toContainText("by Margaret Hughes");
    await expect(wedding).toContainText("June 12, 1965");
    await expect(wedding).toContainText("Shared");
    await wedding.click();
    await expect(memories.getByText("The story of Wedding in Ørsted.")).toBeVisible();
    await expect(memories.getByRole("button", { name: /^Open photo/ })).toHaveCount(4);
    await expect(memories.getByText("+1 more")).toBeVisible();
    await memories.getByRole("button", { name: "Open photo 4 of 5 (1 more)" }).click();
    const lightbox = page.getByRole("dialog", { name: "Wedding in Ørsted" });
    await expect(lightbox.locator(".yarl__slide_current").getByText("Photo 4 of 5", { exact: true })).toBeVisible();
    await lightbox.getByRole("button", { name: "Next photo" }).click();
    await expect(lightbox.locator(".yarl__slide_current").getByText("Photo 5 of 5", { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(memories.getByRole("button", { name: "Open photo 4 of 5 (1 more)" })).toBeFocused();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `family-book-memories-${testInfo.project.name}`);

    // Shared Questionnaire Responses: fetched afresh when the tab is chosen.
    await page.getByRole("tab", { name: "Shared Questionnaire Responses" }).click();
    const responses = page.getByRole("tabpanel", { name: "Shared Questionnaire Responses" });
    const lessons = responses.getByRole("button", { name: /Life Lessons/ });
    await expect(lessons).toContainText("by Tom Hughes");
    await lessons.click();
    await expect(responses.getByText("What is the most important lesson life has taught you?")).toBeVisible();
    await expect(responses.getByText("Tom says 1", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/tab=responses/);

    // Timeline: both kinds merged, newest first, with their hints.
    await page.getByRole("tab", { name: "Timeline" }).click();
    const timeline = page.getByRole("tabpanel", { name: "Timeline" });
    const items = timeline.getByRole("listitem");
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText("Questionnaire");
    await expect(items.nth(0)).toContainText("Life Lessons");
    await expect(items.nth(0)).toContainText("7 responses");
    await expect(items.nth(1)).toContainText("Memory");
    await expect(items.nth(1)).toContainText("Sep 3, 2012");
    await expect(items.nth(1)).toContainText("Click to expand...");
    await expect(items.nth(2)).toContainText("Jun 12, 1965");
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `family-book-timeline-${testInfo.project.name}`);

    // The member filter lives in the URL and survives a reload.
    await filter.getByRole("link", { name: "Tom Hughes" }).click();
    await expect(page).toHaveURL(/member=/);
    await page.reload();
    await expect(page.getByRole("navigation", { name: "Show stories from" }).getByRole("link", { name: "Tom Hughes" })).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("tabpanel", { name: "Timeline" }).getByRole("listitem")).toHaveCount(2);
    await expect(page.getByRole("tabpanel", { name: "Timeline" })).not.toContainText("Wedding in Ørsted");
    await page.getByRole("tab", { name: "Shared Memories" }).click();
    await expect(page.getByRole("tabpanel", { name: "Shared Memories" }).getByRole("button", { name: /First day at school/ })).toBeVisible();
    await expect(page.getByRole("tabpanel", { name: "Shared Memories" }).getByText("Wedding in Ørsted")).toHaveCount(0);

    await grandsonContext.close();
  });

  test("the timeline fetches the shared answers the first time it is opened, and offers a retry when that fails", async ({ page }, testInfo) => {
    await registerThroughApi(page.request, newPerson("Ada", "Byron"));
    await shareMemory(page.request, { title: "Sailing to Skye", date: "1980-08-08" });
    await shareAnswers(page.request, "Life Lessons", "Ada says");

    // The page opens on Shared Memories without the answers; the first try to fetch them fails.
    await page.route("**/api/questionnaires/submissions/shared*", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ success: false, data: null, error: "Unavailable" }) }),
    );
    await page.goto("/family-book");
    await expect(page.getByRole("tabpanel", { name: "Shared Memories" }).getByRole("button", { name: /Sailing to Skye/ })).toBeVisible();
    await page.getByRole("tab", { name: "Timeline" }).click();
    const timeline = page.getByRole("tabpanel", { name: "Timeline" });
    await expect(timeline.getByText("Failed to load shared questionnaire responses. Please try again.")).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `family-book-retry-${testInfo.project.name}`);

    await page.unroute("**/api/questionnaires/submissions/shared*");
    const fetched = page.waitForResponse((response) => response.url().includes("/api/questionnaires/submissions/shared") && response.ok());
    await timeline.getByRole("button", { name: "Try again" }).click();
    await fetched;
    await expect(timeline.getByRole("listitem")).toHaveCount(2);
    await expect(timeline.getByRole("listitem").first()).toContainText("Life Lessons");
    await expect(timeline.getByRole("listitem").nth(1)).toContainText("Sailing to Skye");
    await expectNoSeriousAccessibilityViolations(page);
  });

  test("a tab with nothing in it says so while the other tabs have stories", async ({ page }) => {
    await registerThroughApi(page.request, newPerson("Nina", "Solo"));
    await shareMemory(page.request, { title: "Private notes", date: "2000-01-01", shared: false });
    await shareMemory(page.request, { title: "The first shared story", date: "2001-05-05" });
    await page.goto("/family-book?tab=responses");
    await expect(page.getByText("No shared questionnaire responses yet.")).toBeVisible();
    await page.getByRole("tab", { name: "Timeline" }).click();
    await expect(page.getByText("The first shared story")).toBeVisible();
  });

  test("another family's stories never appear", async ({ page, browser }) => {
    const other = await browser.newContext();
    await registerThroughApi(other.request, newPerson("Olga", "Petrova"));
    await shareMemory(other.request, { title: "Olga's dacha", date: "1999-07-07" });
    await other.close();
    await registerThroughApi(page.request, newPerson("Ruth", "Ng"));
    await page.goto("/family-book?tab=timeline");
    await expect(page.getByRole("heading", { name: "Nothing has been shared yet" })).toBeVisible();
    await expect(page.getByText("Olga's dacha")).toHaveCount(0);
  });

  test("an anonymous visitor is asked to sign in", async ({ page }) => {
    await page.goto("/family-book");
    await expect(page.getByRole("heading", { name: "Authentication Required" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/register?tab=login&next=%2Ffamily-book");
    await expect(page.getByRole("link", { name: "Register" }).last()).toHaveAttribute("href", "/register?tab=register&next=%2Ffamily-book");
    await expectNoSeriousAccessibilityViolations(page);
  });

  test("a member chooses the book's paper, chapters and cover photo, and downloads it", async ({ page }, testInfo) => {
    const grandma = await registerThroughApi(page.request, newPerson("Zoë", "Ñúñez"));
    expect(grandma.id).toBeTruthy();
    await shareMemory(page.request, { title: "Łukasz's first steps", date: "1988-05-05", photos: 2 });
    const garden = await shareMemory(page.request, { title: "The garden in June", date: "1990-06-01", photos: 1 });
    expect((await page.request.post(`/api/memories/${garden.id}/comments`, { data: { body: "The roses came back that year." } })).status()).toBe(201);
    await page.goto("/family-book");
    // The dialog loads when first opened; closing it puts the focus back on its button.
    const opener = page.getByRole("button", { name: "Download PDF book" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Download PDF book" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await opener.click();

    // Every choice is a labelled radio button with a target of at least 44 px.
    const covers = dialog.getByRole("group", { name: "Cover photo" });
    await expect(covers.getByRole("radio")).toHaveCount(4);
    await expect(covers.getByRole("radio", { name: "No photo" })).toBeChecked();
    for (const name of ["A4", "US Letter", "6 × 9 in book", "A chapter for each year", "A chapter for each family member"]) {
      await expect(dialog.getByRole("radio", { name })).toBeVisible();
    }
    for (const radio of [
      dialog.getByRole("radio", { name: "6 × 9 in book" }),
      covers.getByRole("radio", { name: "No photo" }),
      covers.getByRole("radio", { name: "The garden in June, June 1, 1990" }),
    ]) {
      // The row or tile that holds the radio button, and takes the tap.
      const target = (await radio.locator("xpath=..").boundingBox())!;
      expect(Math.min(target.width, target.height)).toBeGreaterThanOrEqual(44);
    }
    await dialog.getByLabel("6 × 9 in book").click();
    await dialog.getByLabel("A chapter for each family member").click();
    await covers.getByRole("img", { name: "The garden in June, June 1, 1990" }).click();
    await expect(covers.getByRole("radio", { name: "The garden in June, June 1, 1990" })).toBeChecked();
    // The keyboard reaches the cover photos too.
    await covers.getByRole("radio", { name: "The garden in June, June 1, 1990" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(covers.getByRole("radio", { name: /^Łukasz's first steps, May 5, 1988, photo \d of 2$/ }).first()).toBeChecked();
    await page.keyboard.press("ArrowLeft");
    await expect(covers.getByRole("radio", { name: "The garden in June, June 1, 1990" })).toBeChecked();
    // Comments are left out unless asked for.
    const comments = dialog.getByRole("checkbox", { name: "Include comments" });
    await expect(comments).not.toBeChecked();
    await comments.click();
    await expect(comments).toBeChecked();
    // And the large-print edition, for readers without their glasses.
    const largePrint = dialog.getByRole("checkbox", { name: "Large print" });
    await expect(largePrint).not.toBeChecked();
    await expect(dialog.getByText("Stories in 14.5 point type")).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await expectReadableText(page);
    await saveScreenshot(page, `family-book-download-dialog-${testInfo.project.name}`);
    if (testInfo.project.name === "desktop") {
      // The tablet width, where the paper and the chapters stand side by side at their narrowest.
      await page.setViewportSize({ width: 768, height: 1024 });
      await expectNoSeriousAccessibilityViolations(page);
      await saveScreenshot(page, "family-book-download-dialog-768");
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    const downloading = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Download" }).click();
    // The book is made by a job: the dialog shows how far it is, then saves it.
    await expect(dialog.getByRole("progressbar", { name: "Making your book" })).toBeVisible();
    const download = await downloading;
    // The toast stays a few seconds: it is looked for before the PDF is read, which takes a while on a busy machine.
    await expect(page.getByText("The PDF has been downloaded.")).toBeVisible();
    expect(download.suggestedFilename()).toMatch(/^the-.*-family-\d{4}-\d{2}-\d{2}\.pdf$/);
    const file = testInfo.outputPath("book.pdf");
    await download.saveAs(file);
    const pdf = await readPdf(readFileSync(file));
    expect(pdf.pageImages[0]).toBe(1);
    expect(pdf.images).toBe(4);
    expect(pdf.folios).toEqual(pdf.pages.map((_, index) => String(index + 1)));
    expect(pdf.links.map((link) => link.text.replace(/\s*\d+$/, ""))).toEqual(["Zoë Ñúñez 2 stories", "To be continued"]);
    expect(pdf.text).toContain("The roses came back that year.");
  });

  test("a book being made goes on when the dialog is closed, and waits under Your books for a week", async ({ page }, testInfo) => {
    await registerThroughApi(page.request, newPerson("Olof", "Lindqvist"));
    await shareMemory(page.request, { title: "Midsummer at the lake", date: "1979-06-22", photos: 1 });
    await page.goto("/family-book/books");
    await expect(page.getByRole("heading", { name: "No books this week" })).toBeVisible();

    await page.goto("/family-book");
    await page.getByRole("button", { name: "Download PDF book" }).click();
    const dialog = page.getByRole("dialog", { name: "Download PDF book" });
    await dialog.getByRole("button", { name: "Download" }).click();
    const progress = dialog.getByRole("progressbar", { name: "Making your book" });
    await expect(progress).toBeVisible();
    await expect(dialog.getByText("You can close this window")).toBeVisible();
    // Closed at once: the dialog learns the book is ready at its first look, a second after asking.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // Closed, the dialog offers the finished book in a toast instead of saving it unasked.
    const toast = page.getByRole("listitem").filter({ hasText: "Your Family Book is ready" });
    await expect(toast).toBeVisible({ timeout: 30_000 });
    await expect(toast.getByText("It is kept under Your books for a week.")).toBeVisible();

    await page.goto("/family-book/books");
    const book = page.getByRole("list", { name: "Your books" }).getByRole("listitem");
    await expect(book).toHaveCount(1);
    await expect(book).toContainText("A4, a chapter for each year.");
    await expect(book).toContainText(/\d+ pages, \d+ kB\. Kept until/);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `family-book-your-books-${testInfo.project.name}`);
    const link = book.getByRole("link", { name: /^Download the PDF of / });
    expect(Math.min(...Object.values((await link.boundingBox())!).slice(2))).toBeGreaterThanOrEqual(44);
    const downloading = page.waitForEvent("download");
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^the-lindqvist-family-\d{4}-\d{2}-\d{2}\.pdf$/);
    const file = testInfo.outputPath("book.pdf");
    await download.saveAs(file);
    expect((await readPdf(readFileSync(file))).text).toContain("Midsummer at the lake");
  });
});
