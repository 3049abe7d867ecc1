import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { readPdf, scanQrCodes } from "../helpers/pdf-text";
import { toneWav } from "../helpers/wav";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { answerQuestionnaire, createMemory, shareSubmission } from "./support/content";
import { expectNoSidewaysScrolling, expectReadableText } from "./support/layout";

// docs/product.md §2 "Told out loud": the author gives a memory a recording from its Edit page,
// replaces or removes it there, and the family plays it beside the story — play and pause, the
// position bar, three speeds — in My Memories, the Family Book and its timeline.

const TITLE = "The blue boat";
const recording = (name: string) => path.join(process.cwd(), "tests/fixtures/recordings", name);

/** The player's audio element, as the page holds it. */
const audioState = (page: Page) =>
  page
    .locator("[data-recording-player] audio")
    .first()
    .evaluate((audio: HTMLAudioElement) => ({
      paused: audio.paused,
      currentTime: audio.currentTime,
      playbackRate: audio.playbackRate,
    }));

test.describe("voice stories @s3", () => {
  test("the author adds a recording, the family hears it at three speeds from any point, and the author removes it", async ({ page, browser }, testInfo) => {
    const grandma = await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    const memory = await createMemory(page.request, { title: TITLE, shared: true, date: "1962-07-14", content: "We rowed across the lake every summer." });

    await page.goto(`/memories/edit/${memory.id}`);
    const section = page.getByRole("region", { name: "Told out loud" });
    await expect(section.getByText(/Tell this story in your own voice/)).toBeVisible();

    // What is not a recording is refused by its bytes, whatever it is called, and nothing is kept.
    await section.getByLabel("Add a recording").setInputFiles({ name: "not-sound.ogg", mimeType: "audio/ogg", buffer: Buffer.from("just some words") });
    await expect(section.getByRole("alert")).toHaveText(
      "not-sound.ogg is not a sound recording. Please choose an m4a, mp3, wav, ogg, webm, opus or flac file.",
    );
    await expect(section.locator("[data-recording-player]")).toHaveCount(0);

    await section.getByLabel("Add a recording").setInputFiles(recording("speech.ogg"));
    await expect(page.getByText("Recording saved", { exact: true })).toBeVisible();
    await expect(section.getByRole("alert")).toHaveCount(0);
    await expect(section.getByText(/^speech\.ogg · \d+ kB$/)).toBeVisible();
    await expect(section.getByRole("button", { name: `Play the recording of ${TITLE}` })).toBeVisible();
    await expect(section.getByText("Replace recording")).toBeVisible();

    // With no transcription engine, the author types the words; they are saved at once.
    const words = section.getByLabel("What was said");
    await expect(section.getByText("Type the words of your recording, so your family can read them too and find the story by them.")).toBeVisible();
    await expect(section.getByRole("button", { name: "Save transcript" })).toBeDisabled();
    await words.fill("We rowed out at dawn, and Grandpa sang the whole way across.");
    await section.getByRole("button", { name: "Save transcript" }).click();
    await expect(page.getByText("Transcript saved", { exact: true })).toBeVisible();
    await expect(section.getByText("The words of your recording, as you wrote them.")).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `voice-edit-${testInfo.project.name}`);

    // A relative reads it in the Family Book: the card says it was told out loud, and plays it.
    const relativeContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const relative = await relativeContext.newPage();
    await registerThroughApi(relative.request, newPerson("Tom", "Hughes"), grandma.invite_code);
    await relative.goto("/family-book");
    const card = relative.getByRole("listitem").filter({ hasText: TITLE });
    await expect(card.getByText(/Told out loud/).first()).toContainText(/0:0\d/);
    await card.locator("button[aria-expanded]").click();
    const play = card.getByRole("button", { name: `Play the recording of ${TITLE}` });
    await expect(play).toBeVisible();
    const position = card.getByRole("slider", { name: `Position in the recording of ${TITLE}` });
    await expect(position).toHaveAttribute("aria-valuetext", /^0 seconds of 3 seconds$/);
    // The words are beside the player, folded until asked for.
    const said = card.getByText("We rowed out at dawn, and Grandpa sang the whole way across.");
    await expect(said).toBeHidden();
    await card.getByText("Read what was said").click();
    await expect(said).toBeVisible();

    await play.click();
    await expect(card.getByRole("button", { name: `Pause the recording of ${TITLE}` })).toBeVisible();
    await expect.poll(async () => (await audioState(relative)).currentTime).toBeGreaterThan(0.3);

    // Three speeds, the chosen one pressed; the one chosen is the speed it plays at.
    const speeds = card.getByRole("group", { name: `Playback speed of the recording of ${TITLE}` });
    await expect(speeds.getByRole("button", { name: "1× speed" })).toHaveAttribute("aria-pressed", "true");
    await speeds.getByRole("button", { name: "1.25× speed" }).click();
    await expect(speeds.getByRole("button", { name: "1.25× speed" })).toHaveAttribute("aria-pressed", "true");
    await expect(speeds.getByRole("button", { name: "1× speed" })).toHaveAttribute("aria-pressed", "false");
    expect((await audioState(relative)).playbackRate).toBe(1.25);
    await card.getByRole("button", { name: `Pause the recording of ${TITLE}` }).click();
    await expect.poll(async () => (await audioState(relative)).paused).toBe(true);

    // The position bar moves by keyboard, and the recording plays from there.
    await position.focus();
    await relative.keyboard.press("Home");
    await relative.keyboard.press("ArrowRight");
    await relative.keyboard.press("ArrowRight");
    await expect(position).toHaveAttribute("aria-valuetext", "2 seconds of 3 seconds");
    await expect.poll(async () => (await audioState(relative)).currentTime).toBe(2);

    await expectNoSeriousAccessibilityViolations(relative);
    await expectReadableText(relative);
    await expectNoSidewaysScrolling(relative);
    await saveScreenshot(relative, `voice-family-book-${testInfo.project.name}`);

    // The timeline marks it too.
    await relative.getByRole("tab", { name: "Timeline" }).click();
    await expect(
      relative
        .getByRole("listitem")
        .filter({ hasText: TITLE })
        .getByText(/Told out loud/)
        .first(),
    ).toBeVisible();
    await relativeContext.close();

    // In My Memories the author sees the mark, and the player with the story.
    await page.goto("/memories");
    const mine = page.getByRole("article", { name: TITLE });
    await expect(mine.getByText(/Told out loud/).first()).toBeVisible();
    await mine.getByRole("button", { name: `Show details for ${TITLE}` }).click();
    await expect(mine.getByRole("button", { name: `Play the recording of ${TITLE}` })).toBeVisible();
    await saveScreenshot(page, `voice-my-memories-${testInfo.project.name}`);

    // Removing asks first, and keeps the written story.
    await page.goto(`/memories/edit/${memory.id}`);
    await section.getByRole("button", { name: "Remove recording" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove this recording?" });
    await dialog.getByRole("button", { name: "Remove Recording" }).click();
    await expect(page.getByText("Recording removed", { exact: true })).toBeVisible();
    await expect(section.getByText("Add a recording", { exact: true })).toBeVisible();
    await expect(section.locator("[data-recording-player]")).toHaveCount(0);
    const after = await page.request.get(`/api/memories/${memory.id}`);
    expect((await after.json()).data.memory).toMatchObject({ content: "We rowed across the lake every summer.", recording: null });
  });

  test("a recording file chosen for a new memory is saved with it; one refused leaves the memory saved and says so", async ({ page }) => {
    await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    for (const [title, file] of [
      ["The lake", { name: "lake.ogg", mimeType: "audio/ogg", buffer: readFileSync(recording("speech.ogg")) }],
      ["Not sound", { name: "words.mp3", mimeType: "audio/mpeg", buffer: Buffer.from("just some words") }],
    ] as const) {
      await page.goto("/memories/add");
      await page.getByLabel("Title").fill(title);
      await page.getByLabel("Date of Memory").fill("1975-08-02");
      await page.getByLabel("Memory", { exact: true }).fill("The story, written too.");
      const told = page.getByRole("group", { name: "Told out loud" });
      await told.getByLabel("Add a recording").setInputFiles(file);
      await expect(told.getByText(new RegExp(`^${file.name} · \\d+ kB$`))).toBeVisible();
      await page.getByRole("button", { name: "Save Memory" }).click();
      // A refused recording is tried again where the memory, saved all the same, is edited.
      await expect(page).toHaveURL(title === "The lake" ? /\/memories$/ : /\/memories\/edit\//);
    }
    await expect(page.getByText("Recording not saved", { exact: true })).toBeVisible();
    await expect(
      page.getByText(
        "Your memory was saved, but its recording was not: words.mp3 is not a sound recording. Please choose an m4a, mp3, wav, ogg, webm, opus or flac file. Please add it again here.",
      ),
    ).toBeVisible();
    const memories = (await (await page.request.get("/api/memories")).json()).data.memories as { title: string; recording: { file_name: string } | null }[];
    expect(memories.find((memory) => memory.title === "The lake")?.recording).toMatchObject({ file_name: "lake.ogg", content_type: "audio/ogg" });
    expect(memories.find((memory) => memory.title === "Not sound")?.recording).toBeNull();
  });

  test("a long recording goes in parts: a dropped connection costs one part, and a reload goes on where the upload got to", async ({ page }) => {
    await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    const memory = await createMemory(page.request, { title: TITLE, date: "1962-07-14", content: "We rowed across the lake every summer." });
    const long = { name: "The whole summer.wav", mimeType: "audio/wav", buffer: Buffer.from(toneWav(150)) }; // 2.4 MB: three parts
    const offsets: string[] = [];
    page.on("request", (request) => {
      const match = /\/api\/recording-uploads\/[0-9a-f-]+\/parts\?offset=(\d+)/.exec(request.url());
      if (match) offsets.push(match[1]!);
    });

    // The connection drops on the second part, every time: the page keeps asking how far it got.
    await page.route("**/api/recording-uploads/*/parts?offset=1048576*", (route) => route.abort("connectionreset"));
    await page.goto(`/memories/edit/${memory.id}`);
    const section = page.getByRole("region", { name: "Told out loud" });
    await section.getByLabel("Add a recording").setInputFiles(long);
    await expect.poll(() => offsets.filter((offset) => offset === "1048576").length).toBeGreaterThanOrEqual(2);
    expect(offsets[0]).toBe("0");

    // Reloaded, with the connection back, the same file goes on from the second part.
    await page.unroute("**/api/recording-uploads/*/parts?offset=1048576*");
    await page.reload();
    offsets.length = 0;
    await section.getByLabel("Add a recording").setInputFiles(long);
    await expect(page.getByText("Recording saved", { exact: true })).toBeVisible();
    expect(offsets).toEqual(["1048576", "2097152"]);
    await expect(section.getByText(/^The whole summer\.wav · 2\.\d MB$/)).toBeVisible();
    await expect(section.getByRole("button", { name: `Play the recording of ${TITLE}` })).toBeVisible();
    const kept = await page.request.get(`/api/memories/${memory.id}/recording`);
    expect((await kept.json()).data.recording).toMatchObject({ byte_size: long.buffer.length, content_type: "audio/wav" });
  });
});

test.describe("a printed book's codes", () => {
  test("a printed book's code plays the story to whoever holds the book, and its author stops it", async ({ page, browser }, testInfo) => {
    await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    const memory = await createMemory(page.request, { title: TITLE, shared: true, date: "1962-07-14", content: "We rowed across the lake every summer." });
    const sent = await page.request.put(`/api/memories/${memory.id}/recording?name=lake.ogg`, { data: readFileSync(recording("speech.ogg")) });
    expect(sent.status()).toBe(200);

    // The book prints a code; a phone reads it from the page.
    const book = await page.request.get("/api/family-book/pdf?size=A4");
    expect(book.status()).toBe(200);
    const bytes = new Uint8Array(await book.body());
    const codes: string[] = [];
    const printed = await readPdf(bytes);
    for (let number = 1; number <= printed.pageCount; number += 1) {
      if (printed.pages[number - 1]!.includes("Scan to hear")) codes.push(...(await scanQrCodes(bytes, number)));
    }
    expect(codes).toHaveLength(1);
    const listenUrl = codes[0]!;
    expect(new URL(listenUrl).pathname).toMatch(/^\/listen\/[A-Za-z0-9_-]{22}$/);

    // Whoever holds the book hears that story, with no account: its title, its teller, the player.
    const stranger = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const listener = await stranger.newPage();
    await listener.goto(listenUrl);
    await expect(listener.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    await expect(listener.getByText("Told by Margaret Hughes")).toBeVisible();
    await expect(listener.getByText("We rowed across the lake every summer.")).toHaveCount(0);
    await listener.getByRole("button", { name: `Play the recording of ${TITLE}` }).click();
    await expect(listener.getByRole("button", { name: `Pause the recording of ${TITLE}` })).toBeVisible();
    await expect.poll(async () => (await audioState(listener)).currentTime, { timeout: 20_000 }).toBeGreaterThan(0);
    await expectNoSeriousAccessibilityViolations(listener);
    await expectNoSidewaysScrolling(listener);
    await saveScreenshot(listener, `voice-listen-${testInfo.project.name}`);

    // The author stops the printed codes from the Edit page, after a confirmation.
    await page.goto(`/memories/edit/${memory.id}`);
    const section = page.getByRole("region", { name: "Told out loud" });
    await expect(section.getByText("A printed book carries a code that plays this recording to whoever holds the book, without an account.")).toBeVisible();
    await saveScreenshot(page, `voice-printed-code-${testInfo.project.name}`);
    await section.getByRole("button", { name: "Stop printed codes" }).click();
    const dialog = page.getByRole("dialog", { name: "Stop the printed codes?" });
    await expectNoSeriousAccessibilityViolations(page);
    await dialog.getByRole("button", { name: "Stop Codes" }).click();
    await expect(page.getByText("Printed codes stopped", { exact: true })).toBeVisible();
    await expect(section.getByRole("button", { name: "Stop printed codes" })).toHaveCount(0);

    // The printed code plays nothing now.
    await listener.goto(listenUrl);
    await expect(listener.getByRole("heading", { level: 1, name: "This code does not play a story" })).toBeVisible();
    await expect(listener.locator("[data-recording-player]")).toHaveCount(0);
    await expectNoSeriousAccessibilityViolations(listener);
    await stranger.close();
  });
});

test.describe("answers told out loud", () => {
  test("the author tells an answer out loud on the completed page, and the family hears it and reads its words in the Family Book", async ({
    page,
    browser,
  }, testInfo) => {
    const QUESTION = "Where and when were you born?";
    const grandma = await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    const { submission } = await answerQuestionnaire(page.request, "Childhood Memories", "In Cardiff");
    await shareSubmission(page.request, submission.id);

    await page.goto("/completed-questionnaires");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /Childhood Memories/ }) });
    await card.getByRole("button", { name: /^Childhood Memories/ }).click();
    const open = card.getByRole("button", { name: `Tell it out loud for the answer: ${QUESTION}` });
    await expect(open).toHaveAttribute("aria-expanded", "false");
    await open.click();
    const section = card.getByRole("region", { name: "Told out loud" });
    await expect(section.getByText(/Tell your answer in your own voice/)).toBeVisible();
    await expect(section.getByRole("button", { name: "Record", exact: true })).toBeVisible();

    await section.getByLabel("Add a recording").setInputFiles(recording("speech.ogg"));
    await expect(page.getByText("Recording saved", { exact: true })).toBeVisible();
    await expect(section.getByRole("button", { name: `Play the recording of ${QUESTION}` })).toBeVisible();
    await section.getByLabel("What was said").fill("I was born in Cardiff, in the winter of 1941.");
    await section.getByRole("button", { name: "Save transcript" }).click();
    await expect(page.getByText("Transcript saved", { exact: true })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await expectNoSidewaysScrolling(page);
    await saveScreenshot(page, `answer-recording-edit-${testInfo.project.name}`);

    // Done: the answer shows its player, and the button says what it does now.
    await card.getByRole("button", { name: `Done with the recording for the answer: ${QUESTION}` }).click();
    await expect(card.getByRole("button", { name: `Change the recording for the answer: ${QUESTION}` })).toBeVisible();
    await expect(card.getByRole("button", { name: `Play the recording of ${QUESTION}` })).toBeVisible();

    // A relative hears it in the Family Book, through the answer's own address.
    const relativeContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: page.viewportSize() });
    const relative = await relativeContext.newPage();
    await registerThroughApi(relative.request, newPerson("Tom", "Hughes"), grandma.invite_code);
    await relative.goto("/family-book?tab=responses");
    const responses = relative.getByRole("tabpanel", { name: "Shared Questionnaire Responses" });
    await responses.getByRole("button", { name: /Childhood Memories/ }).click();
    const play = responses.getByRole("button", { name: `Play the recording of ${QUESTION}` });
    await expect(play).toBeVisible();
    await responses.getByText("Read what was said").click();
    await expect(responses.getByText("I was born in Cardiff, in the winter of 1941.")).toBeVisible();
    await play.click();
    await expect(responses.getByRole("button", { name: `Pause the recording of ${QUESTION}` })).toBeVisible();
    await expect.poll(async () => (await audioState(relative)).currentTime).toBeGreaterThan(0.3);
    await expectNoSeriousAccessibilityViolations(relative);
    await expectNoSidewaysScrolling(relative);
    await saveScreenshot(relative, `answer-recording-family-book-${testInfo.project.name}`);

    // A book is printed: its code of the answer can be stopped by the author (the family's admin
    // here) beside the answer in the Family Book, and by nobody else.
    expect((await page.request.get("/api/family-book/pdf?size=A4")).status()).toBe(200);
    await relative.reload();
    await responses.getByRole("button", { name: /Childhood Memories/ }).click();
    await expect(play).toBeVisible();
    await expect(responses.getByRole("button", { name: "Stop printed codes" })).toHaveCount(0);
    await relativeContext.close();
    await page.goto("/family-book?tab=responses");
    const own = page.getByRole("tabpanel", { name: "Shared Questionnaire Responses" });
    await own.getByRole("button", { name: /Childhood Memories/ }).click();
    await own.getByRole("button", { name: "Stop printed codes" }).click();
    await page.getByRole("dialog", { name: "Stop the printed codes?" }).getByRole("button", { name: "Stop Codes" }).click();
    await expect(page.getByText("Printed codes stopped", { exact: true })).toBeVisible();
    await expect(own.getByRole("button", { name: "Stop printed codes" })).toHaveCount(0);
    await expectNoSeriousAccessibilityViolations(page);
  });
});

test.describe("the player", () => {
  test("says plainly when a recording cannot be played, and offers it to download", async ({ page }) => {
    await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    const memory = await createMemory(page.request, { title: TITLE, shared: true, date: "1962-07-14", content: "We rowed across the lake every summer." });
    const saved = await page.request.put(`/api/memories/${memory.id}/recording?name=speech.m4a`, {
      data: readFileSync(recording("speech.m4a")),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(saved.status()).toBe(200);
    // The storage answers with an error page where the sound should be.
    await page.route("**/api/storage/recordings/**", (route) => route.fulfill({ status: 500, contentType: "text/html", body: "<h1>Server error</h1>" }));
    await page.goto(`/memories/edit/${memory.id}`);
    const section = page.getByRole("region", { name: "Told out loud" });
    await section.getByRole("button", { name: `Play the recording of ${TITLE}` }).click();
    await expect(section.getByRole("alert").filter({ hasText: "could not be played" })).toHaveText(
      "This recording could not be played here. Please try again, or download it. Download speech.m4a",
    );
    await expect(section.getByRole("link", { name: "Download speech.m4a" })).toBeVisible();
    await expect(section.getByRole("button", { name: `Play the recording of ${TITLE}` })).toBeVisible();
  });
});
