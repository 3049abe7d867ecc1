import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Fails on any serious or critical WCAG 2.2 A/AA violation on the page as it is now. */
export async function expectNoSeriousAccessibilityViolations(page: Page) {
  // Colours are judged at rest: a toast fading in is half transparent for a moment.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  // After a move within the app the new page's title arrives a moment after its content; every
  // page has one, and a page without one still fails here.
  await expect(page, "the page has a title").toHaveTitle(/\S/);
  // Judged from the top of the page, then put back where it was: scrolled, a field passing under the
  // sticky header counts for axe as a target the header overlaps, although nothing covers it at rest.
  const scrolled = await page.evaluate(() => {
    const at = { x: window.scrollX, y: window.scrollY };
    window.scrollTo({ left: 0, top: 0, behavior: "instant" });
    return at;
  });
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  await page.evaluate(({ x, y }) => window.scrollTo({ left: x, top: y, behavior: "instant" }), scrolled);
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
  expect(serious, serious.join("\n")).toEqual([]);
}

/** Saves a full-page screenshot under test-results/screenshots for people to look at. */
export async function saveScreenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}
