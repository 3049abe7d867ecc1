import { expect, test, type Page } from "@playwright/test";
import { readPdf, scanQrCodes } from "../helpers/pdf-text";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { fakeMicrophone } from "./support/microphone";
import { NOT_SPOKEN, SPOKEN } from "./support/spoken";

// docs/product.md §2 "Told out loud", on a server with a transcription engine (project
// desktop-voice: pocketsphinx behind the engine's HTTP contract, listening for SPOKEN and two other
// sentences): a story recorded through the microphone is kept, played, written down by the
// family's own server, found by a word that was only said, and printed with a code that plays it.

const TITLE = "The blue boat";

// A microphone that says the sentence once, then is quiet, and is allowed without asking.
test.use(fakeMicrophone("microphone-once.wav"));

/** Where the first player on the page has got to, in seconds. */
const playedTo = (page: Page) =>
  page
    .locator("[data-recording-player] audio")
    .first()
    .evaluate((audio: HTMLAudioElement) => audio.currentTime);

test.describe("a story told out loud, written down by the family's own server", () => {
  test("recorded, played, written down by the recogniser, found by a word only said, and printed with a code that plays it @voice-engine", async ({
    page,
    browser,
  }, testInfo) => {
    await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    await page.goto("/memories/add");
    await page.getByLabel("Title").fill(TITLE);
    await page.getByLabel("Date of Memory").fill("1962-07-14");
    await page.getByLabel("Memory", { exact: true }).fill("Every summer at the lake.");
    await page.getByRole("switch", { name: "Share with Family" }).click();
    const told = page.getByRole("group", { name: "Told out loud" });
    await told.getByRole("button", { name: "Record", exact: true }).click();
    await expect(told.getByText("7 seconds recorded")).toBeAttached({ timeout: 20_000 });
    await told.getByRole("button", { name: "Finish" }).click();
    await page.getByRole("button", { name: "Save Memory" }).click();
    await expect(page.getByText("Memory created", { exact: true })).toBeVisible();
    const memory = (await (await page.request.get("/api/memories")).json()).data.memories[0] as { id: string; title: string };
    expect(memory.title).toBe(TITLE);

    // Written down by the family's own engine, a little later: the words spoken, not the others.
    await page.goto(`/memories/edit/${memory.id}`);
    const section = page.getByRole("region", { name: "Told out loud" });
    await expect(section.getByLabel("What was said")).toHaveValue(SPOKEN, { timeout: 90_000 });
    await expect(section.getByText("Written down by Family Book from your recording. Correct anything it misheard.")).toBeVisible();
    for (const other of NOT_SPOKEN) await expect(section.getByLabel("What was said")).not.toHaveValue(other);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `voice-engine-transcript-${testInfo.project.name}`);

    // It plays: the position moves on.
    await section.getByRole("button", { name: `Play the recording of ${TITLE}`, exact: true }).click();
    await expect.poll(() => playedTo(page), { timeout: 20_000 }).toBeGreaterThan(0.3);
    await section.getByRole("button", { name: `Pause the recording of ${TITLE}`, exact: true }).click();

    // A word that was only said, never typed, finds the story.
    await page.goto("/search?q=grandmother");
    await expect(page.getByRole("list", { name: "Results" }).getByRole("link", { name: TITLE })).toBeVisible();

    // The book prints its words and a code; a phone reads the code, and the listen page plays the story.
    const book = await page.request.get("/api/family-book/pdf?size=A4");
    expect(book.status()).toBe(200);
    const bytes = new Uint8Array(await book.body());
    const printed = await readPdf(bytes);
    const codePage = printed.pages.findIndex((text) => text.includes("Scan to hear"));
    expect(codePage).toBeGreaterThanOrEqual(0);
    expect(printed.pages[codePage]!.replace(/\s+/g, " ").toLowerCase()).toContain(SPOKEN);
    const [listenUrl] = await scanQrCodes(bytes, codePage + 1);
    expect(new URL(listenUrl!).pathname).toMatch(/^\/listen\/[A-Za-z0-9_-]{22}$/);
    const stranger = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const listener = await stranger.newPage();
    await listener.goto(listenUrl!);
    await expect(listener.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    await listener.getByRole("button", { name: `Play the recording of ${TITLE}` }).click();
    await expect.poll(() => playedTo(listener), { timeout: 20_000 }).toBeGreaterThan(0.3);
    await stranger.close();
  });
});
