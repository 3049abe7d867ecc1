import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import yauzl, { type Entry } from "yauzl";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { answerQuestionnaire, createMemory } from "./support/content";
import { expectReadableText } from "./support/layout";

// Your data (docs/product.md §20): export from Settings, read the export's index.html in a browser
// with the network off, and import the same ZIP into another account.

/** Unzips into a new folder; returns the folder. */
function unzipTo(zipFile: string): Promise<string> {
  const folder = mkdtempSync(path.join(tmpdir(), "family-book-export-e2e-"));
  return new Promise((resolve, reject) => {
    yauzl.open(zipFile, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      zip.on("entry", (entry: Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            const target = path.join(folder, entry.fileName);
            mkdirSync(path.dirname(target), { recursive: true });
            writeFileSync(target, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(folder));
      zip.readEntry();
    });
  });
}

test.describe("your data", () => {
  test("exports from Settings a ZIP whose index.html shows every memory and photo offline, and imports it into another account", async ({
    page,
    browser,
  }, testInfo) => {
    const founder = newPerson("Margaret", "Hughes");
    await registerThroughApi(page.request, founder);
    await createMemory(page.request, {
      title: "The boat on the lake",
      date: "1975-08-02",
      shared: true,
      photos: 2,
      content: "We rowed to the island.\n\nIt rained.",
    });
    await createMemory(page.request, { title: "Grandma's kitchen", date: "1982-12-24", photos: [{ width: 600, height: 900 }] });
    await createMemory(page.request, { title: "A note without photos", date: "2001-01-01" });
    await answerQuestionnaire(page.request, "Childhood Memories", "My answer", 3);

    await page.goto("/settings");
    await page.getByRole("link", { name: "Export or import your data" }).click();
    await expect(page).toHaveURL(/\/settings\/data$/);
    await expect(page.getByRole("heading", { name: "Your data", level: 1 })).toBeVisible();
    // Margaret started the family: she is its admin.
    await expect(page.getByRole("button", { name: "Export the family's book" })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await expectReadableText(page);
    await saveScreenshot(page, `your-data-${testInfo.project.name}`);

    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export my data", exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^family-book-my-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const zipFile = testInfo.outputPath("export.zip");
    await download.saveAs(zipFile);
    await expect(page.getByRole("status").filter({ hasText: "Your export is downloading" })).toBeVisible();

    // The export's page, from the unzipped folder, with the network off.
    const folder = await unzipTo(zipFile);
    const data = JSON.parse(readFileSync(path.join(folder, "data.json"), "utf8")) as { memories: { title: string; photos: { file: string }[] }[] };
    expect(data.memories).toHaveLength(3);
    const offline = await browser.newContext({ offline: true, viewport: page.viewportSize() ?? undefined });
    const reader = await offline.newPage();
    await reader.goto(`file://${path.join(folder, "index.html")}`);
    await expect(reader.getByRole("heading", { level: 1 })).toHaveText("Margaret Hughes: my Family Book");
    for (const memory of data.memories) await expect(reader.getByRole("heading", { name: memory.title, level: 3 })).toBeVisible();
    await expect(reader.getByText("What is your earliest memory?")).toBeVisible();
    const images = reader.locator("img");
    await expect(images).toHaveCount(3);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    }
    await expectNoSeriousAccessibilityViolations(reader);
    await expectReadableText(reader);
    await saveScreenshot(reader, `export-index-offline-${testInfo.project.name}`);
    await offline.close();

    // Someone else (Margaret on her new Family Book, say) imports it.
    const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const otherPage = await other.newPage();
    await registerThroughApi(otherPage.request, newPerson("Margaret", "Hughes"));
    await otherPage.goto("/settings/data");
    await otherPage.getByLabel("ZIP file to import").setInputFiles(zipFile);
    await otherPage.getByRole("button", { name: "Import", exact: true }).click();
    await expect(otherPage.getByRole("status").filter({ hasText: "Imported 3 memories, 3 photos, 1 set of answers, 0 questionnaires." })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(otherPage);
    await saveScreenshot(otherPage, `your-data-imported-${testInfo.project.name}`);
    await otherPage.goto("/memories");
    for (const memory of data.memories) await expect(otherPage.getByRole("heading", { name: memory.title })).toBeVisible();
    await other.close();
  });

  test("a member who is not the family's admin exports only their own data; a file that is not an export is refused", async ({ page, browser }) => {
    const founder = newPerson("Margaret", "Hughes");
    const founderUser = await registerThroughApi(page.request, founder);
    const relativeContext = await browser.newContext();
    const relativePage = await relativeContext.newPage();
    await registerThroughApi(relativePage.request, newPerson("Tom", "Hughes"), founderUser.invite_code);
    await relativePage.goto("/settings/data");
    await expect(relativePage.getByRole("button", { name: "Export my data", exact: true })).toBeVisible();
    await expect(relativePage.getByRole("button", { name: "Export the family's book" })).toHaveCount(0);
    expect((await relativePage.request.post("/api/exports", { data: { scope: "family" } })).status()).toBe(403);

    await relativePage
      .getByLabel("ZIP file to import")
      .setInputFiles({ name: "holiday.zip", mimeType: "application/zip", buffer: Buffer.from("not a zip at all") });
    await relativePage.getByRole("button", { name: "Import", exact: true }).click();
    await expect(relativePage.getByRole("alert").filter({ hasText: "This file is not a Family Book export: it is not a ZIP archive." })).toBeVisible();
    await relativeContext.close();
  });
});
