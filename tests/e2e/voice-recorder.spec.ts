import { expect, test } from "@playwright/test";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { createMemory } from "./support/content";
import { fakeMicrophone } from "./support/microphone";
import { confirmAddress, firstWeeklyQuestionLink } from "./support/outbox";

// docs/product.md §2 "Told out loud": the author records the story in the browser — Record, the
// running time and level meter, Pause and Resume, Finish, listen back — and every second of the
// take is kept on the device until the server has it.

const TITLE = "The blue boat";

// A microphone that hears a spoken sentence, over and over, and is allowed without asking.
test.use(fakeMicrophone("microphone.wav"));

test.describe("recording in the browser", () => {
  test("the author records the story, pauses, listens back, and the take survives a reload until it is saved", async ({ page }, testInfo) => {
    await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    const memory = await createMemory(page.request, { title: TITLE, shared: true, date: "1962-07-14" });
    await page.goto(`/memories/edit/${memory.id}`);
    const section = page.getByRole("region", { name: "Told out loud" });

    await section.getByRole("button", { name: "Record", exact: true }).click();
    await expect(section.getByText("Recording", { exact: true })).toBeVisible();
    // The meter shows that it hears the voice, and the time runs.
    const meter = section.getByRole("meter", { name: "Microphone level" });
    await expect.poll(async () => Number(await meter.getAttribute("aria-valuenow")), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect(section.getByText("2 seconds recorded")).toBeAttached({ timeout: 10_000 });
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `voice-recording-${testInfo.project.name}`);

    // Paused, the time stands still.
    await section.getByRole("button", { name: "Pause" }).click();
    await expect(section.getByText("Paused", { exact: true })).toBeVisible();
    const pausedAt = await section.getByText(/seconds? recorded$/).textContent();
    await page.waitForTimeout(1500);
    await expect(section.getByText(/seconds? recorded$/)).toHaveText(pausedAt!);
    // Resumed, it runs on from where it stood (however long the checks above took).
    const pausedSeconds = Number(/^(\d+) seconds? recorded$/.exec(pausedAt!)![1]);
    await section.getByRole("button", { name: "Resume" }).click();
    await expect(section.getByText("Recording", { exact: true })).toBeVisible();
    await expect(section.getByText(`${pausedSeconds + 1} seconds recorded`)).toBeAttached({ timeout: 10_000 });
    await section.getByRole("button", { name: "Finish" }).click();

    // Listened back before it is saved.
    await expect(section.getByText("Listen to your recording, then save it or record again.")).toBeVisible();
    await section.getByRole("button", { name: `Play the recording of ${TITLE} (not saved yet)` }).click();
    await expect(section.getByRole("button", { name: `Pause the recording of ${TITLE} (not saved yet)` })).toBeVisible();
    await saveScreenshot(page, `voice-recorded-${testInfo.project.name}`);

    // A reload before saving loses nothing: the take waits on this device.
    await page.reload();
    await expect(section.getByText(/A recording you made here on .* has not been saved yet\./)).toBeVisible();
    await section.getByRole("button", { name: "Save recording" }).click();
    await expect(page.getByText("Recording saved", { exact: true })).toBeVisible();
    await expect(section.getByRole("button", { name: `Play the recording of ${TITLE}`, exact: true })).toBeVisible();
    await expect(section.getByText("Save recording")).toHaveCount(0);

    const saved = (await (await page.request.get(`/api/memories/${memory.id}/recording`)).json()).data.recording;
    expect(saved.content_type).toBe("audio/webm");
    expect(saved.file_name).toBe(`${TITLE}.webm`);
    expect(saved.duration_seconds).toBeGreaterThan(2.5);
    expect(saved.duration_seconds).toBeLessThan(30);

    // Once saved it is no longer kept here: a reload offers nothing to save.
    await page.reload();
    await expect(section.getByRole("button", { name: "Record", exact: true })).toBeVisible();
    await expect(section.getByText(/has not been saved yet/)).toHaveCount(0);
  });

  test("a new memory is recorded before it is saved, and saving the memory saves the take with it", async ({ page }, testInfo) => {
    await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    await page.goto("/memories/add");
    await page.getByLabel("Title").fill("Grandpa's pike");
    await page.getByLabel("Date of Memory").fill("1975-08-02");
    await page.getByLabel("Memory", { exact: true }).fill("He caught it from the blue boat.");
    const told = page.getByRole("group", { name: "Told out loud" });
    await told.getByRole("button", { name: "Record", exact: true }).click();
    await expect(told.getByText("2 seconds recorded")).toBeAttached({ timeout: 10_000 });
    // The memory waits for the take to be finished.
    await page.getByRole("button", { name: "Save Memory" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Press Finish to end your recording, then save the memory." })).toBeVisible();
    await told.getByRole("button", { name: "Finish" }).click();
    await expect(page.getByText("Press Finish to end your recording, then save the memory.")).toHaveCount(0);
    await expect(told.getByText("Listen to your recording. It is saved with the memory when you save it, or record again.")).toBeVisible();
    // While a take is held, no file is offered beside it; and there is no separate Save for it.
    await expect(told.getByText("Add a recording", { exact: true })).toHaveCount(0);
    await expect(told.getByRole("button", { name: "Save recording" })).toHaveCount(0);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `voice-add-${testInfo.project.name}`);

    await page.getByRole("button", { name: "Save Memory" }).click();
    await expect(page.getByText("Memory created", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/memories$/);
    const memories = (await (await page.request.get("/api/memories")).json()).data.memories;
    expect(memories[0]).toMatchObject({ title: "Grandpa's pike", recording: { content_type: "audio/webm", file_name: "Grandpa's pike.webm" } });
    expect(memories[0].recording.duration_seconds).toBeGreaterThan(1.5);
    await expect(
      page
        .getByRole("article", { name: "Grandpa's pike" })
        .getByText(/Told out loud/)
        .first(),
    ).toBeVisible();

    // Sent, the take is no longer kept: a new memory starts with nothing to offer.
    await page.goto("/memories/add");
    await expect(page.getByRole("group", { name: "Told out loud" }).getByRole("button", { name: "Record", exact: true })).toBeVisible();
    await expect(page.getByText(/has not been saved yet/)).toHaveCount(0);
  });

  test("a weekly question is answered out loud from its one-tap link at 390 px, nothing typed: the recording is the answer", async ({ page }, testInfo) => {
    const rose = newPerson("Rose", "Adeyemi");
    const { id } = await registerThroughApi(page.request, rose);
    await confirmAddress(page.request, rose.email);
    const link = await firstWeeklyQuestionLink(page.request, { recipientId: id, email: rose.email, shared: true });
    const question = "Where and when were you born?";

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(link.pathname + link.search);
    const told = page.getByRole("region", { name: "Told out loud" });
    await expect(told.getByText(/^Rather say it than type it\? Tell your answer in your own voice/)).toBeVisible();
    await told.getByRole("button", { name: "Record", exact: true }).click();
    await expect(told.getByText("2 seconds recorded")).toBeAttached({ timeout: 10_000 });
    await told.getByRole("button", { name: "Finish" }).click();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `weekly-answer-out-loud-390-${testInfo.project.name}`);
    await told.getByRole("button", { name: "Save recording" }).click();

    // Saved, the recording answered the question: the thanks, its sharing, and the recording to hear or change.
    await expect(page.getByRole("heading", { name: "Thank you, Rose! Your answer is saved." })).toBeFocused();
    await expect(page.getByText("It is shared with your family in the Family Book.")).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Told out loud" }).getByRole("button", { name: `Play the recording of ${question}`, exact: true }),
    ).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `weekly-answer-out-loud-saved-390-${testInfo.project.name}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Her own answers say it was told out loud, with nothing written, and play it.
    await page.goto("/completed-questionnaires");
    await page
      .getByRole("button", { name: /Childhood Memories/ })
      .first()
      .click();
    await expect(page.getByText("Told out loud, with nothing written: listen below.")).toBeVisible();
    // The Family Book shows it as the answer, never as "No answer provided".
    await page.goto("/family-book?tab=responses");
    const answers = page.getByRole("tabpanel");
    await answers.getByRole("button", { name: /^Childhood Memories by Rose Adeyemi/ }).click();
    await expect(answers.getByText(question).first()).toBeVisible();
    await expect(answers.getByText("No answer provided")).toHaveCount(0);
    await expect(answers.getByText(/Told out loud/).first()).toBeVisible();
  });

  test("a take stops itself at 30 minutes, says so, and is kept to listen to and save", async ({ page }) => {
    await page.clock.install();
    await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    const memory = await createMemory(page.request, { title: TITLE, shared: true, date: "1962-07-14" });
    await page.goto(`/memories/edit/${memory.id}`);
    const section = page.getByRole("region", { name: "Told out loud" });
    await section.getByRole("button", { name: "Record", exact: true }).click();
    await expect(section.getByText("Recording", { exact: true })).toBeVisible();
    await expect(section.getByText("1 second recorded")).toBeAttached({ timeout: 10_000 });

    // Half an hour later by the page's clock, nobody pressed Finish.
    await page.clock.fastForward("30:00");
    await expect(section.getByRole("status").filter({ hasText: "Your recording reached 30 minutes" })).toHaveText(
      "Your recording reached 30 minutes, the longest a recording can be, and stopped there. Save it, and tell the rest as another story.",
    );
    await expect(section.getByText("Listen to your recording, then save it or record again.")).toBeVisible();
    await expect(section.getByRole("button", { name: "Finish" })).toHaveCount(0);
    await section.getByRole("button", { name: "Save recording" }).click();
    await expect(page.getByText("Recording saved", { exact: true })).toBeVisible();
    await expect(section.getByRole("status").filter({ hasText: "Your recording reached 30 minutes" })).toHaveCount(0);
  });

  test("a refused microphone gets plain guidance, and the story can still be typed @desktop-only", async ({ page }) => {
    await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    const memory = await createMemory(page.request, { title: TITLE, shared: true });
    await page.context().clearPermissions();
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
    });
    await page.goto(`/memories/edit/${memory.id}`);
    const section = page.getByRole("region", { name: "Told out loud" });
    await section.getByRole("button", { name: "Record", exact: true }).click();
    await expect(section.getByRole("alert")).toHaveText(
      "Family Book may not use your microphone. To record, allow the microphone for this site in your browser's settings, then press Record again. You can still type the story.",
    );
    await page.getByLabel("Memory", { exact: true }).fill("Typed instead.");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Memory updated", { exact: true })).toBeVisible();
  });
});
