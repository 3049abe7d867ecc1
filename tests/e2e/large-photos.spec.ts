import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { photoBytes } from "./support/content";
import { expectReadableText } from "./support/layout";
import { heicPhoto, phonePhoto, storedOriginal, TOP_COLOUR, topColour, turnedPhonePhoto } from "./support/phone-photos";

// docs/product.md §5: a phone photo over 5 MB is made smaller in the browser and says so; a HEIC
// photo the browser cannot read is refused with what to do; anything within 5 MB is sent as it is.

const MB = 1024 * 1024;
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const photos = (page: Page) => page.getByRole("group", { name: "Photos" });

async function fillIn(page: Page, title: string) {
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Date of Memory").fill("2021-07-04");
  await page.getByLabel("Memory", { exact: true }).fill("The whole family on the pier, squinting into the sun.");
}

/** Saves the form and answers the memory the server created. */
async function save(page: Page) {
  const created = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/memories" && response.request().method() === "POST");
  await page.getByRole("button", { name: "Save Memory" }).click();
  const response = await created;
  expect(response.status(), await response.text()).toBe(201);
  await expect(page).toHaveURL(/\/memories$/);
  return (await response.json()).data.memory as { memory_photos: { photo_url: string; order_number: number }[] };
}

test.describe("photos larger than a memory takes", () => {
  test("phone photos over 5 MB are made smaller in the browser, say so beside them, and are saved upright within 3000 px", async ({ page }, testInfo) => {
    // A slow phone: decoding a photo takes until the test lets it finish.
    await page.addInitScript(() => {
      const decode = window.createImageBitmap.bind(window) as (...args: unknown[]) => Promise<ImageBitmap>;
      let finish = () => {};
      const finished = new Promise<void>((resolve) => (finish = resolve));
      Object.assign(window, {
        finishPhotoDecoding: finish,
        createImageBitmap: async (...args: unknown[]) => {
          await finished;
          return decode(...args);
        },
      });
    });
    const big = await phonePhoto();
    const turned = await turnedPhonePhoto();
    expect(big.length).toBeGreaterThan(6 * MB);
    expect(turned.length).toBeGreaterThan(6 * MB);
    expect(await sharp(big).metadata()).toMatchObject({ width: 4032, height: 3024 });

    await registerThroughApi(page.request, newPerson("Edith", "Walker"));
    await page.goto("/memories/add");
    await fillIn(page, "On the pier");
    await page.getByLabel("Add photos").setInputFiles([
      { name: "big.jpg", mimeType: "image/jpeg", buffer: big },
      { name: "turned.jpg", mimeType: "image/jpeg", buffer: turned },
    ]);

    const status = photos(page).getByRole("status");
    await expect(status).toHaveText("Making big.jpg smaller to fit... Making turned.jpg smaller to fit...");
    await expect(page.getByRole("button", { name: "Preparing photos..." })).toBeDisabled();
    await expect(page.getByText("Checking photos...")).toBeVisible();
    await saveScreenshot(page, `photos-being-made-smaller-${testInfo.project.name}`);

    await page.evaluate(() => (window as unknown as { finishPhotoDecoding: () => void }).finishPhotoDecoding());
    const bigNote = /^big\.jpg was made smaller to fit: 3000 × 2250 px, \d(\.\d)? MB$/;
    const turnedNote = /^turned\.jpg was made smaller to fit: 2250 × 3000 px, \d(\.\d)? MB$/;
    const bigItem = photos(page)
      .getByRole("listitem")
      .filter({ has: page.getByRole("img", { name: "New photo big.jpg" }) });
    const turnedItem = photos(page)
      .getByRole("listitem")
      .filter({ has: page.getByRole("img", { name: "New photo turned.jpg" }) });
    await expect(bigItem.getByText(bigNote)).toBeVisible();
    await expect(turnedItem.getByText(turnedNote)).toBeVisible();
    await expect(status).toHaveText(/^big\.jpg was made smaller to fit: .* turned\.jpg was made smaller to fit: .*$/);
    await expect(page.getByText("2 of 5 chosen.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Photos not added" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Save Memory" })).toBeEnabled();
    await expectReadableText(page);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `photos-made-smaller-${testInfo.project.name}`);

    const memory = await save(page);
    const [first, second] = [...memory.memory_photos].sort((a, b) => a.order_number - b.order_number);
    const storedBig = await storedOriginal(first!.photo_url);
    const storedTurned = await storedOriginal(second!.photo_url);
    expect(storedBig.length).toBeLessThanOrEqual(5 * MB);
    expect(storedTurned.length).toBeLessThanOrEqual(5 * MB);
    const bigShape = await sharp(storedBig).metadata();
    expect([bigShape.format, bigShape.width, bigShape.height, bigShape.orientation ?? 1]).toEqual(["jpeg", 3000, 2250, 1]);
    const turnedShape = await sharp(storedTurned).metadata();
    expect([turnedShape.format, turnedShape.width, turnedShape.height, turnedShape.orientation ?? 1]).toEqual(["jpeg", 2250, 3000, 1]);
    // Upright: the red rows are at the top, as the phone showed them.
    const [red, green, blue] = await topColour(storedTurned);
    expect(Math.abs(red! - TOP_COLOUR[0]!)).toBeLessThan(25);
    expect(Math.abs(green! - TOP_COLOUR[1]!)).toBeLessThan(25);
    expect(Math.abs(blue! - TOP_COLOUR[2]!)).toBeLessThan(25);
  });

  test("a phone photo within 5 MB is sent exactly as it was chosen", async ({ page }) => {
    const photo = await phonePhoto({ amount: 24, quality: 85 });
    expect(photo.length).toBeGreaterThan(2 * MB);
    expect(photo.length).toBeLessThanOrEqual(5 * MB);
    await registerThroughApi(page.request, newPerson());
    await page.goto("/memories/add");
    await fillIn(page, "Within the limit");
    await page.getByLabel("Add photos").setInputFiles([{ name: "fine.jpg", mimeType: "image/jpeg", buffer: photo }]);
    await expect(page.getByRole("img", { name: "New photo fine.jpg" })).toBeVisible();
    await expect(page.getByText(/made smaller/)).toHaveCount(0);

    const memory = await save(page);
    const stored = await storedOriginal(memory.memory_photos[0]!.photo_url);
    expect(await sharp(stored).metadata()).toMatchObject({ width: 4032, height: 3024 });
    expect(stored.length).toBe(photo.length);
  });

  test("a HEIC photo this browser cannot read is refused with what to do, and nothing else on the form is lost", async ({ page }, testInfo) => {
    await registerThroughApi(page.request, newPerson());
    await page.goto("/memories/add");
    await fillIn(page, "The iPhone photo");
    await page.getByLabel("Add photos").setInputFiles([{ name: "lake.jpg", mimeType: "image/jpeg", buffer: await photoBytes("#2e86de") }]);
    await expect(page.getByText("1 of 5 chosen.")).toBeVisible();
    await page.getByLabel("Add photos").setInputFiles([{ name: "IMG_0042.HEIC", mimeType: "image/heic", buffer: heicPhoto() }]);

    const message =
      "IMG_0042.HEIC is a HEIC photo, which Family Book cannot read yet. Please choose a JPEG or PNG copy of it. " +
      "On an iPhone, choose Settings → Camera → Formats → Most Compatible so that new photos are saved as JPEG, or share this photo as a JPEG and choose that copy.";
    await expect(toast(page, "Photo format not supported")).toBeVisible();
    await expect(toast(page, message)).toBeVisible();
    await expect(page.getByRole("list", { name: "Photos not added" }).getByRole("listitem")).toHaveText([message]);
    await expect(page.getByRole("img", { name: "New photo lake.jpg" })).toBeVisible();
    await expect(page.getByText("1 of 5 chosen.")).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue("The iPhone photo");
    await expect(page.getByLabel("Date of Memory")).toHaveValue("2021-07-04");
    await expect(page.getByLabel("Memory", { exact: true })).toHaveValue("The whole family on the pier, squinting into the sun.");
    await toast(page, "Photo format not supported").getByRole("button", { name: "Close toast" }).click();
    await expect(toast(page, "Photo format not supported")).toBeHidden();
    await expectReadableText(page);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `photo-heic-refused-${testInfo.project.name}`);

    const memory = await save(page);
    expect(memory.memory_photos).toHaveLength(1);
  });
});
