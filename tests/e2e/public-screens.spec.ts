import { expect, test } from "@playwright/test";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";

test.describe("the landing page", () => {
  for (const path of ["/", "/ask"]) {
    test(`${path} shows the heading, the three buttons, the feature cards and the book section`, async ({ page }, testInfo) => {
      await page.goto(path);

      await expect(page.getByRole("heading", { level: 1, name: "Preserve Your Family's Legacy" })).toBeVisible();
      await expect(page.getByText("Capture memories, stories and wisdom from your family members through questions and conversations.")).toBeVisible();
      const main = page.getByRole("main");
      await expect(main.getByRole("link", { name: "Ask a Question" })).toHaveAttribute("href", "/ask");
      await expect(main.getByRole("link", { name: "View Memories" })).toHaveAttribute("href", "/memories");
      // Someone not signed in is led to register rather than to a page that would turn them away.
      await expect(main.getByRole("link", { name: "Start Creating Your Family Book" })).toHaveAttribute("href", "/register?tab=register");
      await expect(main.getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute("href", "/register?tab=login");
      for (const feature of ["Ask Questions", "Capture Stories", "Share History"]) {
        await expect(main.getByRole("heading", { name: feature })).toBeVisible();
      }
      await expect(main.getByRole("heading", { name: "Create Your Family Book" })).toBeVisible();
      await expect(main.getByRole("heading", { name: "Digital PDF Book" })).toBeVisible();
      await expect(main.getByRole("heading", { name: /Physical Printed Book/ })).toContainText("Coming soon");

      await expectNoSeriousAccessibilityViolations(page);
      if (path === "/") await saveScreenshot(page, `landing-${testInfo.project.name}`);
    });
  }

  test("the header title links home", async ({ page }) => {
    await page.goto("/ask");
    await page.getByRole("banner").getByRole("link", { name: "Family Book home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("the 404 page", () => {
  test("answers an unknown path with status 404, the message and a way home", async ({ page }, testInfo) => {
    const response = await page.goto("/no-such-page/at-all");

    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `not-found-${testInfo.project.name}`);

    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Preserve Your Family's Legacy" })).toBeVisible();
  });
});

test.describe("the favicon", () => {
  test("is served", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const href = html.match(/<link rel="icon" href="([^"]+)"/)?.[1];
    expect(href).toBeTruthy();
    const icon = await request.get(href!);
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toContain("image/svg+xml");
  });
});
