import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { blackPng } from "../helpers/images";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { expectReadableText } from "./support/layout";

const photo = (color: string, width = 1200, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

async function createMemoryThroughApi(request: APIRequestContext, fields: { title: string; is_shared?: boolean; withPhoto?: boolean }) {
  const form = new FormData();
  form.append("title", fields.title);
  form.append("content", `The story of ${fields.title}.`);
  form.append("memory_date", "2019-06-01");
  form.append("is_shared", String(fields.is_shared ?? false));
  if (fields.withPhoto) form.append("photos", new File([new Uint8Array(await photo("#8e44ad"))], "api.jpg", { type: "image/jpeg" }));
  const response = await request.post("/api/memories", { multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data.memory as { id: string; title: string };
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

test.describe("memories", () => {
  test("a member adds a memory with photos, then finds, expands and views it in a lightbox @s3", async ({ page }, testInfo) => {
    await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    await page.goto("/memories");
    await expect(page.getByRole("heading", { name: "My Memories" })).toBeVisible();
    await expect(page.getByText("No memories found. Start capturing your precious moments!")).toBeVisible();
    await page.getByRole("link", { name: "Create Your First Memory" }).click();

    await expect(page.getByRole("heading", { name: "Add a New Memory" })).toBeVisible();
    await expect(page.getByText("You are the only member in your family group currently.")).toBeVisible();
    const today = await page.evaluate(() => {
      const now = new Date();
      return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
    });
    await expect(page.getByLabel("Date of Memory")).toHaveAttribute("max", today);

    await page.getByRole("button", { name: "Save Memory" }).click();
    await expect(page.getByText("Title is required")).toBeVisible();
    await expect(page.getByText("Please select a date")).toBeVisible();
    await expect(page.getByText("Memory content is required")).toBeVisible();

    await page.getByLabel("Title").fill("Summer at the lake");
    await page.getByLabel("Date of Memory").fill("2018-08-12");
    await page.getByLabel("Memory", { exact: true }).fill("We rowed to the island and Grandpa caught a pike.");
    await page.getByLabel("Add photos").setInputFiles([
      { name: "lake.jpg", mimeType: "image/jpeg", buffer: await photo("#2e86de") },
      { name: "boat.jpg", mimeType: "image/jpeg", buffer: await photo("#27ae60", 900, 1200) },
    ]);
    await expect(page.getByRole("img", { name: "New photo lake.jpg" })).toBeVisible();
    await expect(page.getByText("2 of 5 chosen.")).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `memory-add-${testInfo.project.name}`);

    await page.getByRole("button", { name: "Save Memory" }).click();
    await expect(toast(page, "Memory created")).toBeVisible();
    await expect(toast(page, "Your memory has been saved successfully.")).toBeVisible();
    await expect(page).toHaveURL(/\/memories$/);

    const card = page.getByRole("article", { name: "Summer at the lake" });
    await expect(card.getByText("August 12, 2018")).toBeVisible();
    await expect(card.getByText("We rowed to the island")).toBeHidden();
    await card.getByRole("button", { name: /Show details/ }).click();
    await expect(card.getByText("We rowed to the island and Grandpa caught a pike.")).toBeVisible();
    await expect(card.getByRole("button", { name: /Open photo/ })).toHaveCount(2);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `memories-list-${testInfo.project.name}`);

    await card.getByRole("button", { name: "Open photo 1 of 2" }).click();
    const lightbox = page.getByRole("dialog", { name: "Summer at the lake" });
    const shown = lightbox.locator(".yarl__slide_current");
    await expect(lightbox).toBeVisible();
    await expect(shown.getByText("Photo 1 of 2", { exact: true })).toBeVisible();
    await expect(shown.getByRole("img", { name: "Summer at the lake, photo 1 of 2" })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(shown.getByText("Photo 2 of 2", { exact: true })).toBeVisible();
    await lightbox.getByRole("button", { name: "Previous photo" }).click();
    await expect(shown.getByText("Photo 1 of 2", { exact: true })).toBeVisible();
    await lightbox.getByRole("button", { name: "Next photo" }).click();
    await expect(shown.getByText("Photo 2 of 2", { exact: true })).toBeVisible();
    await expect.poll(() => shown.getByRole("img").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await saveScreenshot(page, `memory-lightbox-${testInfo.project.name}`);
    await page.keyboard.press("Escape");
    await expect(lightbox).toBeHidden();
    await expect(card.getByRole("button", { name: "Open photo 1 of 2" })).toBeFocused();
  });

  test("a tapped link shows a spinner while the page it leads to is on its way", async ({ page }, testInfo) => {
    await registerThroughApi(page.request, newPerson("Vera", "Slow"));
    await page.goto("/memories");
    // A slow connection: the next page's data takes a moment to arrive.
    await page.route("**/memories/add?_rsc=*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const link = page.getByRole("link", { name: "Add Memory" });
    await expect(link.locator("[data-link-pending]")).toHaveCount(0);
    await link.click();
    await expect(link.locator("[data-link-pending]")).toBeVisible();
    await saveScreenshot(page, `link-pending-${testInfo.project.name}`);
    await expect(page.getByRole("heading", { name: "Add a New Memory" })).toBeVisible();
    await expect(page.locator("[data-link-pending]")).toHaveCount(0);
  });

  test("the photo picker refuses a sixth photo and a file over 5MB with the product's toasts", async ({ page }) => {
    await registerThroughApi(page.request, newPerson());
    await page.goto("/memories/add");
    const small = await photo("#e67e22", 40, 30);
    await page
      .getByLabel("Add photos")
      .setInputFiles(Array.from({ length: 6 }, (_, index) => ({ name: `p${index}.jpg`, mimeType: "image/jpeg", buffer: small })));
    await expect(toast(page, "Too many photos")).toBeVisible();
    await expect(toast(page, "You can only upload up to 5 photos per memory.")).toBeVisible();
    await expect(page.getByText("0 of 5 chosen.")).toBeVisible();

    await page.getByLabel("Add photos").setInputFiles([
      { name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 1) },
      { name: "fine.jpg", mimeType: "image/jpeg", buffer: small },
    ]);
    await expect(toast(page, "File too large")).toBeVisible();
    await expect(toast(page, "huge.jpg is larger than 5MB")).toBeVisible();
    await expect(page.getByText("1 of 5 chosen.")).toBeVisible();
    await page.getByRole("button", { name: "Remove fine.jpg" }).click();
    await expect(page.getByText("0 of 5 chosen.")).toBeVisible();
  });

  test("the photo picker reads each file's bytes and pixel size at once, and names every file it refuses and why", async ({ page }, testInfo) => {
    await registerThroughApi(page.request, newPerson());
    await page.goto("/memories/add");
    await page.getByLabel("Add photos").setInputFiles([
      // Text renamed to look like a photo, and declared as one.
      { name: "fake.jpg", mimeType: "image/jpeg", buffer: Buffer.from("These are not pixels, whatever the name says.") },
      // 400 million pixels in 50 kB.
      { name: "flood.png", mimeType: "image/png", buffer: blackPng(20_000, 20_000) },
      { name: "good.jpg", mimeType: "image/jpeg", buffer: await photo("#27ae60") },
    ]);
    await expect(toast(page, "2 photos were not added")).toBeVisible();
    await expect(toast(page, "The list under Photos says why for each.")).toBeVisible();
    const refused = page.getByRole("list", { name: "Photos not added" });
    await expect(refused.getByRole("listitem")).toHaveText([
      "fake.jpg is not an image. Only image files can be uploaded.",
      "flood.png is 20000 × 20000 pixels, more than the 50 million pixels a photo can have. Please choose a smaller photo.",
    ]);
    await expect(page.getByRole("img", { name: "New photo good.jpg" })).toBeVisible();
    await expect(page.getByRole("img", { name: "New photo fake.jpg" })).toHaveCount(0);
    await expect(page.getByText("1 of 5 chosen.")).toBeVisible();
    await expectReadableText(page);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `photo-picker-refused-${testInfo.project.name}`);

    // One refused alone gets its own title and reason.
    await page.getByLabel("Add photos").setInputFiles([{ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("shopping list") }]);
    await expect(toast(page, "Only image files can be uploaded")).toBeVisible();
    await expect(toast(page, "notes.jpg is not an image. Only image files can be uploaded.")).toBeVisible();
    await expect(refused.getByRole("listitem")).toHaveText(["notes.jpg is not an image. Only image files can be uploaded."]);
  });

  test("a photo the server refuses is named on the form, with the reason, and nothing typed is lost", async ({ page }, testInfo) => {
    await registerThroughApi(page.request, newPerson());
    await page.goto("/memories/add");
    // A JPEG cut short: its header is a photo's, so the picker takes it, but it cannot be drawn.
    const whole = await photo("#c0392b");
    const broken = whole.subarray(0, Math.floor(whole.length * 0.6));
    await page.getByLabel("Title").fill("The broken camera");
    await page.getByLabel("Date of Memory").fill("2003-03-03");
    await page.getByLabel("Memory", { exact: true }).fill("Half of every picture came out.");
    await page.getByLabel("Add photos").setInputFiles([{ name: "broken.jpg", mimeType: "image/jpeg", buffer: broken }]);
    await expect(page.getByText("1 of 5 chosen.")).toBeVisible();
    await page.getByRole("button", { name: "Save Memory" }).click();

    const message = "broken.jpg is not an image. Only image files can be uploaded.";
    await expect(toast(page, "Photo not accepted")).toBeVisible();
    await expect(toast(page, message)).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ has: page.getByRole("img", { name: "New photo broken.jpg" }) })).toContainText(message);
    await expect(page).toHaveURL(/\/memories\/add$/);
    await expect(page.getByLabel("Title")).toHaveValue("The broken camera");
    await expect(page.getByLabel("Memory", { exact: true })).toHaveValue("Half of every picture came out.");
    await saveScreenshot(page, `photo-refused-by-server-${testInfo.project.name}`);

    await page.getByRole("button", { name: "Remove broken.jpg" }).click();
    await page.getByRole("button", { name: "Save Memory" }).click();
    await expect(toast(page, "Memory created")).toBeVisible();
  });

  test("a failed save says so and keeps the form filled", async ({ page }) => {
    await registerThroughApi(page.request, newPerson());
    await page.goto("/memories/add");
    await page.route("**/api/memories", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ success: false, data: null, error: "Storage is down" }) })
        : route.continue(),
    );
    await page.getByLabel("Title").fill("Kept title");
    await page.getByLabel("Date of Memory").fill("2010-10-10");
    await page.getByLabel("Memory", { exact: true }).fill("Kept story");
    await page.getByRole("button", { name: "Save Memory" }).click();
    await expect(toast(page, "Failed to save memory. Please try again.")).toBeVisible();
    await expect(page).toHaveURL(/\/memories\/add$/);
    await expect(page.getByLabel("Title")).toHaveValue("Kept title");
    await expect(page.getByLabel("Memory", { exact: true })).toHaveValue("Kept story");
    await expect(page.getByRole("button", { name: "Save Memory" })).toBeEnabled();
  });

  test("a photo that cannot reach storage is named, everything typed stays, and the next try saves @s3", async ({ page }, testInfo) => {
    await registerThroughApi(page.request, newPerson());
    await page.goto("/memories/add");
    const appOrigin = new URL(page.url()).origin;
    // The upload itself (a PUT to local storage or a POST to the bucket) gets no answer, as when
    // the network drops or the bucket's CORS rule does not let the browser in.
    await page.route(
      (url) => url.pathname.startsWith("/api/storage/") || url.origin !== appOrigin,
      (route) => (["PUT", "POST"].includes(route.request().method()) ? route.abort("failed") : route.continue()),
    );
    await page.getByLabel("Title").fill("The old orchard");
    await page.getByLabel("Date of Memory").fill("2009-09-19");
    await page.getByLabel("Memory", { exact: true }).fill("We picked apples until the baskets were full.");
    await page.getByRole("switch", { name: "Share with Family" }).click();
    await page.getByLabel("Add photos").setInputFiles([{ name: "orchard.jpg", mimeType: "image/jpeg", buffer: await photo("#c0392b") }]);

    await page.getByRole("button", { name: "Save Memory" }).click();

    const message =
      "Could not upload orchard.jpg: the photo storage could not be reached. Your memory has not been saved yet, and everything you entered is still here. Please try again.";
    await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
    await expect(toast(page, "Photo not uploaded")).toBeVisible();
    await expect(page.getByText("orchard.jpg was not uploaded")).toBeVisible();
    await expect(page).toHaveURL(/\/memories\/add$/);
    await expect(page.getByLabel("Title")).toHaveValue("The old orchard");
    await expect(page.getByLabel("Date of Memory")).toHaveValue("2009-09-19");
    await expect(page.getByLabel("Memory", { exact: true })).toHaveValue("We picked apples until the baskets were full.");
    await expect(page.getByRole("switch", { name: "Share with Family" })).toBeChecked();
    await expect(page.getByRole("img", { name: "New photo orchard.jpg" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save Memory" })).toBeEnabled();
    await saveScreenshot(page, `memory-upload-failed-${testInfo.project.name}`);
    // The toast floats over the top of the form; the form itself is checked once it is closed,
    // from the top, where the message is (further down, the sticky header covers the first fields).
    await toast(page, "Photo not uploaded").getByRole("button", { name: "Close toast" }).click();
    await expect(toast(page, "Photo not uploaded")).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `memory-upload-failed-top-${testInfo.project.name}`);

    await page.unrouteAll();
    await page.getByRole("button", { name: "Save Memory" }).click();
    await expect(toast(page, "Memory created")).toBeVisible();
    await expect(page).toHaveURL(/\/memories$/);
    const card = page.getByRole("article", { name: "The old orchard" });
    await card.getByRole("button", { name: /Show details/ }).click();
    await expect(card.getByRole("button", { name: /Open photo/ })).toHaveCount(1);
  });

  test("a save that fails after the photos reached storage does not send them again on the next try", async ({ page }) => {
    await registerThroughApi(page.request, newPerson());
    await page.goto("/memories/add");
    let tickets = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/memories/uploads") tickets += 1;
    });
    await page.route("**/api/memories", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ success: false, data: null, error: "Database is down" }) })
        : route.continue(),
    );
    await page.getByLabel("Title").fill("Twice told");
    await page.getByLabel("Date of Memory").fill("2012-12-12");
    await page.getByLabel("Memory", { exact: true }).fill("The second try needs no second upload.");
    await page.getByLabel("Add photos").setInputFiles([{ name: "once.jpg", mimeType: "image/jpeg", buffer: await photo("#8e44ad") }]);
    await page.getByRole("button", { name: "Save Memory" }).click();
    await expect(toast(page, "Failed to save memory. Please try again.")).toBeVisible();
    expect(tickets).toBe(1);

    await page.unrouteAll();
    await page.getByRole("button", { name: "Save Memory" }).click();
    await expect(toast(page, "Memory created")).toBeVisible();
    expect(tickets).toBe(1);
    const card = page.getByRole("article", { name: "Twice told" });
    await card.getByRole("button", { name: /Show details/ }).click();
    await expect(card.getByRole("button", { name: /Open photo/ })).toHaveCount(1);
  });

  test("a bucket without the CORS rule blocks the browser's upload, and the person is told so @s3-only", async ({ page }) => {
    // The upload goes to a bucket of the same store that has no CORS rule, as a bucket set up
    // without `npm run storage:cors` would be: Chromium itself refuses the answer.
    await page.route("**/api/memories/uploads", async (route) => {
      const response = await route.fetch();
      const envelope = await response.json();
      envelope.data.upload.url = envelope.data.upload.url.replace("/family-book-e2e", "/family-book-e2e-without-cors");
      await route.fulfill({ response, json: envelope });
    });
    await registerThroughApi(page.request, newPerson());
    await page.goto("/memories/add");
    await page.getByLabel("Title").fill("Kept title");
    await page.getByLabel("Date of Memory").fill("2011-11-11");
    await page.getByLabel("Memory", { exact: true }).fill("Kept story");
    await page.getByLabel("Add photos").setInputFiles([{ name: "blocked.jpg", mimeType: "image/jpeg", buffer: await photo("#2980b9") }]);

    await page.getByRole("button", { name: "Save Memory" }).click();

    await expect(page.getByRole("alert").filter({ hasText: "Could not upload blocked.jpg: the photo storage could not be reached." })).toBeVisible();
    await expect(toast(page, "Photo not uploaded")).toBeVisible();
    await expect(page).toHaveURL(/\/memories\/add$/);
    await expect(page.getByLabel("Title")).toHaveValue("Kept title");
    await expect(page.getByLabel("Memory", { exact: true })).toHaveValue("Kept story");
  });

  test("the owner shares a memory from the list, edits it and deletes it", async ({ page }, testInfo) => {
    await registerThroughApi(page.request, newPerson());
    await createMemoryThroughApi(page.request, { title: "First day of school", withPhoto: true });
    await page.goto("/memories");
    const card = page.getByRole("article", { name: "First day of school" });
    const share = card.getByRole("switch", { name: "Share with Family" });
    await expect(share).not.toBeChecked();
    await expect(card.getByText("(Private)")).toBeVisible();
    await share.click();
    await expect(toast(page, "Sharing updated")).toBeVisible();
    await expect(toast(page, "Memory sharing status has been updated.")).toBeVisible();
    await expect(share).toBeChecked();
    await expect(card.getByText("(Shared)")).toBeVisible();

    await page.route("**/toggle-shared", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"success":false,"data":null,"error":"boom"}' }),
    );
    await share.click();
    await expect(toast(page, "Failed to update sharing status. Please try again.")).toBeVisible();
    await expect(share).toBeChecked();
    await page.unroute("**/toggle-shared");

    await card.getByRole("link", { name: "Edit First day of school" }).click();
    await expect(page.getByRole("heading", { name: "Edit Memory" })).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue("First day of school");
    await expect(page.getByLabel("Date of Memory")).toHaveValue("2019-06-01");
    await expect(page.getByRole("switch", { name: "Share with Family" })).toBeChecked();
    await expect(page.getByText("Make this memory visible to your family members")).toBeVisible();
    await expect(page.getByRole("img", { name: "Saved photo 1" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/memories");
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `memory-edit-${testInfo.project.name}`);

    await page.getByLabel("Title").fill("First day at school");
    await page.getByRole("button", { name: "Remove saved photo 1" }).click();
    await page.getByLabel("Add photos").setInputFiles([{ name: "new.jpg", mimeType: "image/jpeg", buffer: await photo("#16a085") }]);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Memory updated")).toBeVisible();
    await expect(toast(page, "Your memory has been updated successfully.")).toBeVisible();
    await expect(page).toHaveURL(/\/memories$/);
    const edited = page.getByRole("article", { name: "First day at school" });
    await edited.getByRole("button", { name: /Show details/ }).click();
    await expect(edited.getByRole("button", { name: /Open photo/ })).toHaveCount(1);

    await edited.getByRole("link", { name: "Edit First day at school" }).click();
    await page.getByRole("button", { name: "Delete Memory" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this memory?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Delete Memory" }).click();
    await expect(toast(page, "Memory deleted")).toBeVisible();
    await expect(page).toHaveURL(/\/memories$/);
    await expect(page.getByText("No memories found. Start capturing your precious moments!")).toBeVisible();
  });

  test("on My Memories the share switch and the Edit button line up from card to card, whatever the title or the state", async ({ page }, testInfo) => {
    await registerThroughApi(page.request, newPerson());
    await createMemoryThroughApi(page.request, { title: "Tea" });
    await createMemoryThroughApi(page.request, { title: "The long summer we spent at Grandpa's cabin by the lake, rowing every morning", withPhoto: true });
    await createMemoryThroughApi(page.request, { title: "Bicycles" });
    await page.goto("/memories");
    await page.getByRole("article", { name: "Bicycles" }).getByRole("switch", { name: "Share with Family" }).click();
    await expect(page.getByRole("article", { name: "Bicycles" }).getByText("(Shared)")).toBeVisible();
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(3);
    const lefts = async (role: "switch" | "link") =>
      Promise.all(
        (await cards.all()).map(async (card) =>
          Math.round((await card.getByRole(role, { name: role === "switch" ? "Share with Family" : /^Edit / }).boundingBox())!.x),
        ),
      );
    const switches = await lefts("switch");
    const edits = await lefts("link");
    expect(new Set(switches).size, `switches at x = ${switches.join(", ")}`).toBe(1);
    expect(new Set(edits).size, `Edit buttons at x = ${edits.join(", ")}`).toBe(1);
    await saveScreenshot(page, `my-memories-aligned-${testInfo.project.name}`);
  });

  test("an unknown memory id shows the error screen", async ({ page }) => {
    await registerThroughApi(page.request, newPerson());
    await page.goto(`/memories/edit/${randomUUID()}`);
    await expect(page.getByText("Error Loading Memory")).toBeVisible();
    await expect(page.getByText("Could not load the memory details. It might have been deleted or you may not have permission to edit it.")).toBeVisible();
    await page.getByRole("link", { name: "Back to Memories" }).click();
    await expect(page).toHaveURL(/\/memories$/);
  });

  test("a relative sees a shared memory and not a private one, and cannot edit either", async ({ page, browser }) => {
    const owner = await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    const shared = await createMemoryThroughApi(page.request, { title: "Golden wedding", is_shared: true, withPhoto: true });
    const hidden = await createMemoryThroughApi(page.request, { title: "Secret recipe" });

    const relativeContext = await browser.newContext();
    const relativePage = await relativeContext.newPage();
    await registerThroughApi(relativePage.request, newPerson("Tom", "Hughes"), owner.invite_code);
    const list = await relativePage.request.get("/api/memories/shared");
    expect(list.status()).toBe(200);
    const memories = (await list.json()).data.memories as { id: string; profiles: { first_name: string }; memory_photos: { photo_url: string }[] }[];
    expect(memories.map((memory) => memory.id)).toEqual([shared.id]);
    expect(memories[0]!.profiles.first_name).toBe("Margaret");
    const photoResponse = await relativePage.request.get(memories[0]!.memory_photos[0]!.photo_url);
    expect(photoResponse.status()).toBe(200);
    expect((await relativePage.request.get(`/api/memories/${hidden.id}`)).status()).toBe(404);

    await page.goto("/memories/add");
    const tags = page.getByRole("group", { name: "Tag Family Members" });
    await expect(tags.getByRole("checkbox", { name: "Tom Hughes" })).toBeVisible();
    await expect(tags.getByRole("checkbox", { name: "Margaret Hughes" })).toHaveCount(0);

    await relativePage.goto(`/memories/edit/${shared.id}`);
    await expect(relativePage.getByText("Error Loading Memory")).toBeVisible();

    // The owner tags the relative in a new shared memory; both see the tag.
    await page.getByLabel("Title").fill("Fishing trip");
    await page.getByLabel("Date of Memory").fill("2017-04-02");
    await page.getByLabel("Memory", { exact: true }).fill("Tom caught nothing, again.");
    await tags.getByRole("checkbox", { name: "Tom Hughes" }).click();
    await page.getByRole("switch", { name: "Share with Family" }).click();
    await page.getByRole("button", { name: "Save Memory" }).click();
    await expect(page).toHaveURL(/\/memories$/);
    const card = page.getByRole("article", { name: "Fishing trip" });
    await card.getByRole("button", { name: /Show details/ }).click();
    await expect(card.getByRole("list", { name: "Tagged family members" }).getByText("Tom Hughes")).toBeVisible();
    const again = (await (await relativePage.request.get("/api/memories/shared")).json()).data.memories as {
      title: string;
      memory_tags: { profiles: { first_name: string } }[];
    }[];
    expect(again.find((memory) => memory.title === "Fishing trip")?.memory_tags[0]?.profiles.first_name).toBe("Tom");
    await relativeContext.close();
  });

  test("an API client sends several large photos in one multipart form @desktop-only", async ({ page }) => {
    await registerThroughApi(page.request, newPerson());
    // Noise does not compress: about 4 MB per photo, 12 MB in one request.
    const noise = Buffer.alloc(1900 * 1500 * 3);
    for (let index = 0; index < noise.length; index += 1) noise[index] = Math.imul(index, 2654435761) >>> 24;
    const large = await sharp(noise, { raw: { width: 1900, height: 1500, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(large.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(large.length).toBeLessThan(5 * 1024 * 1024);
    const form = new FormData();
    form.append("title", "Big photos");
    form.append("content", "Three large photos at once.");
    form.append("memory_date", "2015-05-05");
    for (const name of ["a.jpg", "b.jpg", "c.jpg"]) form.append("photos", new File([new Uint8Array(large)], name, { type: "image/jpeg" }));
    const response = await page.request.post("/api/memories", { multipart: form });
    expect(response.status(), await response.text()).toBe(201);
    expect((await response.json()).data.memory.memory_photos).toHaveLength(3);
  });

  test("anonymous visitors are asked to sign in", async ({ page }) => {
    await page.goto("/memories/add");
    await expect(page.getByText("Authentication Required")).toBeVisible();
    await expect(page.getByText("Please sign in to add a memory.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/register?tab=login&next=%2Fmemories%2Fadd");
    await page.goto("/memories");
    await expect(page.getByText("Please sign in to see and add your memories.")).toBeVisible();
  });
});
