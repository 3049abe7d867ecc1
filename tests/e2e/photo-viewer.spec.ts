import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousAccessibilityViolations } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { createMemory } from "./support/content";
import { expectReadableText } from "./support/layout";

// docs/product.md §2 My Memories: photos open in a full-screen viewer — swipe, pinch or double-tap
// zoom, arrow keys, captions (the memory's title, "Photo n of m") — which gives the focus back
// to the photo that opened it, and whose code loads only when a photo is first opened.

const TITLE = "Grandpa's garden";

/**
 * A finger (on a phone) or the mouse drags across half the screen over the photo, as a person
 * swipes: -1 towards the left (the next photo), 1 towards the right. Half the screen is a swipe
 * however slowly it is made (the viewer also takes a short drag, but only if it is quick).
 */
async function swipe(page: Page, target: Locator, direction: -1 | 1) {
  const dx = (direction * page.viewportSize()!.width) / 2;
  // The slide from the last swipe has come to rest first, as it has before a person swipes again,
  // and the press does not follow the last one within the viewer's 500 ms double-click (or
  // double-tap) window, which would zoom instead: two swipes are never that quick by hand.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  await page.waitForTimeout(600);
  const box = (await target.boundingBox())!;
  const y = box.y + box.height / 2;
  const from = box.x + box.width / 2 - dx / 2;
  if (test.info().project.name === "mobile") {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from, y }] });
    for (let step = 1; step <= 8; step += 1) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: from + (dx * step) / 8, y }] });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await cdp.detach();
    return;
  }
  await page.mouse.move(from, y);
  await page.mouse.down();
  await page.mouse.move(from + dx, y, { steps: 8 });
  await page.mouse.up();
}

/** Two fingers spread apart on the photo. */
async function pinchOut(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const points = (spread: number) => [
    { x: x - spread, y, id: 1 },
    { x: x + spread, y, id: 2 },
  ];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: points(20) });
  for (let step = 1; step <= 10; step += 1) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: points(20 + step * 12) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** The photo on screen, with its caption (the ones before and after wait, inert, beside it). */
const shownIn = (viewer: Locator) => viewer.locator(".yarl__slide_current");

const viewerStylesLoaded = (page: Page) =>
  page.evaluate(() =>
    [...document.styleSheets].some((sheet) => {
      try {
        return [...sheet.cssRules].some((rule) => rule.cssText.includes(".yarl__portal"));
      } catch {
        return false;
      }
    }),
  );

test.describe("the photo viewer", () => {
  test.beforeEach(async ({ page }) => {
    await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    await createMemory(page.request, {
      title: TITLE,
      shared: true,
      photos: [
        { width: 900, height: 1200 },
        { width: 1600, height: 1000 },
        { width: 1000, height: 1000 },
      ],
    });
  });

  test("shows a portrait photo as large as the screen, with its caption, and moves by keys, buttons and swipes", async ({ page }, testInfo) => {
    await page.goto("/memories");
    const card = page.getByRole("article", { name: TITLE });
    await card.getByRole("button", { name: /Show details/ }).click();
    // Nothing of the viewer has loaded yet: it comes with the first photo opened.
    expect(await viewerStylesLoaded(page)).toBe(false);
    const scripts: string[] = [];
    page.on("request", (request) => request.resourceType() === "script" && scripts.push(request.url()));

    await card.getByRole("button", { name: "Open photo 1 of 3" }).click();
    const viewer = page.getByRole("dialog", { name: TITLE });
    await expect(viewer).toBeVisible();
    expect(scripts.length, "the viewer's code arrives when a photo is opened").toBeGreaterThan(0);
    await expect.poll(() => viewerStylesLoaded(page)).toBe(true);

    // Full screen, and the portrait photo fills the height (or the width) of it.
    const screen = page.viewportSize()!;
    expect(await viewer.boundingBox()).toEqual({ x: 0, y: 0, width: screen.width, height: screen.height });
    const first = shownIn(viewer).getByRole("img", { name: `${TITLE}, photo 1 of 3` });
    await expect(first).toBeVisible();
    await expect.poll(() => first.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const shown = (await first.boundingBox())!;
    expect(Math.max(shown.width / screen.width, shown.height / screen.height)).toBeGreaterThan(0.75);
    // The caption: the memory's title and where this photo is among them.
    await expect(shownIn(viewer).getByText(TITLE, { exact: true })).toBeVisible();
    await expect(shownIn(viewer).getByText("Photo 1 of 3", { exact: true })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await expectReadableText(page);
    await page.screenshot({ path: `test-results/screenshots/photo-viewer-${testInfo.project.name}.png` });

    await page.keyboard.press("ArrowRight");
    await expect(shownIn(viewer).getByText("Photo 2 of 3", { exact: true })).toBeVisible();
    await viewer.getByRole("button", { name: "Next photo" }).click();
    await expect(shownIn(viewer).getByText("Photo 3 of 3", { exact: true })).toBeVisible();
    // Round from the last to the first.
    await viewer.getByRole("button", { name: "Next photo" }).click();
    await expect(shownIn(viewer).getByText("Photo 1 of 3", { exact: true })).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(shownIn(viewer).getByText("Photo 3 of 3", { exact: true })).toBeVisible();
    await viewer.getByRole("button", { name: "Previous photo" }).click();
    await expect(shownIn(viewer).getByText("Photo 2 of 3", { exact: true })).toBeVisible();

    // A swipe to the left shows the next photo, to the right the one before.
    await swipe(page, shownIn(viewer).getByRole("img", { name: `${TITLE}, photo 2 of 3` }), -1);
    await expect(shownIn(viewer).getByText("Photo 3 of 3", { exact: true })).toBeVisible();
    await swipe(page, shownIn(viewer).getByRole("img", { name: `${TITLE}, photo 3 of 3` }), 1);
    await expect(shownIn(viewer).getByText("Photo 2 of 3", { exact: true })).toBeVisible();

    // Escape closes it, and the focus is back on the photo that opened it.
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    await expect(card.getByRole("button", { name: "Open photo 1 of 3" })).toBeFocused();
  });

  test("zooms in with a double tap and the zoom buttons, and with two fingers on a phone", async ({ page }) => {
    await page.goto("/memories");
    const card = page.getByRole("article", { name: TITLE });
    await card.getByRole("button", { name: /Show details/ }).click();
    await card.getByRole("button", { name: "Open photo 2 of 3" }).click();
    const viewer = page.getByRole("dialog", { name: TITLE });
    const photo = shownIn(viewer).getByRole("img", { name: `${TITLE}, photo 2 of 3` });
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const zoomOut = viewer.getByRole("button", { name: "Zoom out" });
    const zoomIn = viewer.getByRole("button", { name: "Zoom in" });
    await expect(zoomOut).toBeDisabled();

    const zoomAllTheWayOut = async () => {
      for (let step = 0; step < 8 && (await zoomOut.isEnabled()); step += 1) await zoomOut.click();
      await expect(zoomOut).toBeDisabled();
    };
    await photo.dblclick();
    await expect(zoomOut).toBeEnabled();
    await zoomAllTheWayOut();
    await zoomIn.click();
    await expect(zoomOut).toBeEnabled();
    await zoomAllTheWayOut();

    if (test.info().project.name === "mobile") {
      await pinchOut(page, photo);
      await expect(zoomOut).toBeEnabled();
    }

    // Closed with its button: the focus returns to the photo that opened it.
    await viewer.getByRole("button", { name: "Close photo viewer" }).click();
    await expect(viewer).toBeHidden();
    await expect(card.getByRole("button", { name: "Open photo 2 of 3" })).toBeFocused();
  });

  test("opens from a memory's cover and from the Family Book, and gives the focus back there too", async ({ page }) => {
    await page.goto("/memories");
    const card = page.getByRole("article", { name: TITLE });
    await card.getByRole("button", { name: `View the photos of ${TITLE}` }).click();
    const viewer = page.getByRole("dialog", { name: TITLE });
    await expect(shownIn(viewer).getByText("Photo 1 of 3", { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(card.getByRole("button", { name: `View the photos of ${TITLE}` })).toBeFocused();

    await page.goto("/family-book");
    const book = page.getByRole("tabpanel", { name: "Shared Memories" });
    await book.getByRole("button", { name: new RegExp(TITLE) }).click();
    await book.getByRole("button", { name: "Open photo 3 of 3" }).click();
    await expect(shownIn(viewer).getByText("Photo 3 of 3", { exact: true })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    await expect(book.getByRole("button", { name: "Open photo 3 of 3" })).toBeFocused();
  });
});
