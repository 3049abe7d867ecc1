import { expect, type Locator, type Page } from "@playwright/test";

// Checks of how a screen is laid out, for readers on phones (docs/product.md §1): nothing wider
// than the window, no text a person must read under 16 px, and toasts that cover nothing.

export const MIN_READABLE_PX = 16;

/** The page scrolls only up and down: nothing sticks out to the side, at the window's width now. */
export async function expectNoSidewaysScrolling(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `the page is ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(innerWidth);
}

/** Every piece of visible text on the page is at least 16 px. */
export async function expectReadableText(page: Page) {
  const small = await page.evaluate((minimum) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const element = node.parentElement;
      if (!text || !element) continue;
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      // Text for screen readers only (clipped to a pixel) and hidden text are not read by eye.
      if (box.width <= 1 || box.height <= 1 || style.visibility === "hidden" || element.closest("[hidden], [aria-hidden='true'] svg")) continue;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const size = Number.parseFloat(style.fontSize);
      if (size < minimum)
        found.push(`"${text.slice(0, 40)}" is ${size}px (${element.tagName.toLowerCase()}.${element.className.toString().split(" ").slice(0, 3).join(".")})`);
    }
    return found;
  }, MIN_READABLE_PX);
  expect(small, small.join("\n")).toEqual([]);
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toasts on screen: exactly one, showing `text`, and it covers neither the header nor the page's title. */
export async function expectOneToastHidingNothing(page: Page, text: string) {
  const visible = page.locator("[data-sonner-toast][data-visible='true']");
  await expect(visible).toHaveCount(1);
  await expect(visible).toContainText(text);
  // Settled where it stays (it slides in from the bottom).
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  const toast = (await visible.boundingBox())!;
  for (const [name, locator] of [
    ["the header", page.locator("body > header")],
    ["the page title", page.locator("main h1").first()],
  ] as [string, Locator][]) {
    const box = await locator.boundingBox();
    if (box) expect(overlaps(toast, box), `the toast covers ${name}`).toBe(false);
  }
  const viewport = page.viewportSize()!;
  expect(toast.y + toast.height).toBeLessThanOrEqual(viewport.height);
  expect(toast.y, "the toast sits in the lower half of the screen").toBeGreaterThan(viewport.height / 2);
}
