import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { createMemory } from "./support/content";

// The family circle and deleting an account (docs/product.md, "The family circle" and "Deleting
// an account"): the admin makes a member admin and removes one from the Family Dashboard; a member
// deletes their account from Settings, leaving what they shared to the family as "A former member".
// Removing someone replaces the family's invite link, and the admin is told.

const shoot = (page: Page, name: string, project: string) => saveScreenshot(page, `circle-${name}-${project}`);

test.describe("the family circle", () => {
  test("the admin makes a member admin, then removes another, each after a confirmation", async ({ page, browser }, testInfo) => {
    const grandma = await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    const tomContext = await browser.newContext();
    const ruthContext = await browser.newContext();
    await registerThroughApi(tomContext.request, newPerson("Tom", "Hughes"), grandma.invite_code);
    const ruth = await registerThroughApi(ruthContext.request, newPerson("Ruth", "Hughes"), grandma.invite_code);
    await createMemory(ruthContext.request, { title: "Ruth's summer", shared: true });
    const garden = await createMemory(page.request, { title: "Margaret's garden", shared: true, tagged: [ruth.id] });

    await page.goto("/family-dashboard");
    const linkRuthKnows = await page.getByLabel("Family invite link").inputValue();
    const members = page.locator("section", { has: page.getByRole("heading", { name: "Family members" }) });
    // The Admin Access column: a switch per member; the only admin's own stays on, and says why.
    const tomAccess = members.getByRole("switch", { name: "Admin access: Tom Hughes" }).filter({ visible: true });
    const ownAccess = members.getByRole("switch", { name: "Admin access: Margaret Hughes" }).filter({ visible: true });
    await expect(members.getByText("Admin Access").filter({ visible: true }).first()).toBeVisible();
    await expect(tomAccess).not.toBeChecked();
    await expect(ownAccess).toBeChecked();
    await expect(ownAccess).toBeDisabled();
    await expect(members.getByText("The family's only admin").filter({ visible: true })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await shoot(page, "members", testInfo.project.name);

    // Turning the switch asks first; Cancel leaves it as it was.
    await tomAccess.click();
    const makeAdmin = page.getByRole("dialog", { name: "Make Tom Hughes an admin?" });
    await expect(makeAdmin).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await shoot(page, "make-admin-dialog", testInfo.project.name);
    await makeAdmin.getByRole("button", { name: "Cancel" }).click();
    await expect(makeAdmin).toBeHidden();
    await expect(tomAccess).not.toBeChecked();
    await expect(tomAccess).toBeFocused();
    // The keyboard turns it too.
    await page.keyboard.press("Space");
    await makeAdmin.getByRole("button", { name: "Make admin" }).click();
    await expect(makeAdmin).toBeHidden();
    await expect(page.getByText("Tom Hughes is now an admin")).toBeVisible();
    await expect(tomAccess).toBeChecked();
    await expect(ownAccess).toBeEnabled();

    await members.getByRole("button", { name: "Remove from family: Ruth Hughes" }).filter({ visible: true }).click();
    const remove = page.getByRole("dialog", { name: "Remove Ruth Hughes from the family?" });
    await expect(remove).toContainText("keeps their account and their memories");
    await expect(remove).toContainText("an open invite link is replaced with a new one");
    await expectNoSeriousAccessibilityViolations(page);
    await shoot(page, "remove-dialog", testInfo.project.name);
    // Escape keeps her; the button brings the dialog back.
    await page.keyboard.press("Escape");
    await expect(remove).toBeHidden();
    await members.getByRole("button", { name: "Remove from family: Ruth Hughes" }).filter({ visible: true }).click();
    await remove.getByRole("button", { name: "Remove from family" }).click();
    await expect(page.getByText("Ruth Hughes was removed from the family")).toBeVisible();
    // The admin is told that the link Ruth knows no longer works, and the card shows the new one.
    await expect(page.getByText("The family's invite link has been replaced, so the old one no longer works", { exact: false })).toBeVisible();
    await expect(page.getByLabel("Family invite link")).not.toHaveValue(linkRuthKnows);
    await expect(page.getByLabel("Family invite link")).toHaveValue(/familyId=[A-Za-z0-9_-]{24}$/);
    await expect(members.locator("table, ul").filter({ visible: true })).not.toContainText("Ruth Hughes");
    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(linkRuthKnows);
    await expect(strangerPage.getByRole("alert").filter({ hasText: "This invite link is not valid." })).toBeVisible();
    await stranger.close();

    // Ruth's tag on Margaret's memory is plain text now; Margaret can take it off.
    await page.goto(`/memories/edit/${garden.id}`);
    const formerTag = page.getByRole("checkbox", { name: "Ruth Hughes (no longer in the family)" });
    await expect(formerTag).toBeChecked();
    await expectNoSeriousAccessibilityViolations(page);
    await shoot(page, "former-tag", testInfo.project.name);
    await formerTag.click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/memories$/);
    await page.goto(`/memories/edit/${garden.id}`);
    await expect(page.getByRole("checkbox", { name: /Ruth Hughes/ })).toHaveCount(0);
    await page.goto("/family-dashboard");

    // With Tom an admin, Margaret may turn her own admin access off; then she has no actions left,
    // and sees the column read-only.
    await ownAccess.click();
    const stepDown = page.getByRole("dialog", { name: "Step down as admin?" });
    await stepDown.getByRole("button", { name: "Step down" }).click();
    await expect(page.getByText("You are no longer an admin")).toBeVisible();
    await expect(members.getByRole("button")).toHaveCount(0);
    await expect(ownAccess).not.toBeChecked();
    await expect(ownAccess).toBeDisabled();
    await expect(tomAccess).toBeChecked();
    await expect(tomAccess).toBeDisabled();

    // Her shared memory left the Family Book; she still has it.
    await page.goto("/family-book");
    await expect(page.getByRole("heading", { name: "Margaret's garden" }).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Ruth's summer" })).toHaveCount(0);
    const ruthPage = await ruthContext.newPage();
    await ruthPage.goto("/memories");
    await expect(ruthPage.getByRole("heading", { name: "Ruth's summer" })).toBeVisible();
    await tomContext.close();
    await ruthContext.close();
  });

  test("a member deletes their account from Settings, leaving what they shared as “A former member”", async ({ page, browser }, testInfo) => {
    const grandma = newPerson("Margaret", "Hughes");
    const grandmaUser = await registerThroughApi(page.request, grandma);
    const tomContext = await browser.newContext();
    const tom = newPerson("Tom", "Hughes");
    await registerThroughApi(tomContext.request, tom, grandmaUser.invite_code);
    await createMemory(tomContext.request, { title: "The boat trip", shared: true });
    const tomPage = await tomContext.newPage();

    await tomPage.goto("/settings");
    await tomPage.getByRole("button", { name: "Delete my account" }).click();
    const dialog = tomPage.getByRole("dialog", { name: "Delete your account?" });
    await expect(dialog).toBeVisible();
    // What was shared stays with the family unless the person chooses otherwise, and a copy is offered first.
    await expect(dialog.getByRole("radio", { name: "Leave what I shared, with my name" })).toBeChecked();
    await expect(dialog.getByRole("radio", { name: "Delete everything" })).not.toBeChecked();
    await expect(dialog.getByRole("link", { name: "Export my data first" })).toHaveAttribute("href", "/settings/data");
    await dialog.getByRole("radio", { name: "Leave what I shared, as “A former member”" }).click();
    await dialog.getByRole("button", { name: "Delete my account for good" }).click();
    await expect(dialog.getByText("Password is required")).toBeVisible();
    await dialog.getByLabel("Your password").fill("not the password");
    await dialog.getByRole("button", { name: "Delete my account for good" }).click();
    await expect(dialog.getByText("That password is not right.")).toBeVisible();
    await expectNoSeriousAccessibilityViolations(tomPage);
    await shoot(tomPage, "delete-account-dialog", testInfo.project.name);
    await dialog.getByLabel("Your password").fill(tom.password);
    await dialog.getByRole("button", { name: "Delete my account for good" }).click();
    await tomPage.waitForURL((url) => url.pathname === "/");
    await tomPage.goto("/settings");
    await expect(tomPage).toHaveURL(/\/register\?tab=login/);

    // The family still reads the boat trip, by "A former member".
    await page.goto("/family-book");
    await expect(page.getByRole("heading", { name: "The boat trip" }).first()).toBeVisible();
    await expect(page.getByText("by A former member").first()).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await shoot(page, "family-book-former-member", testInfo.project.name);
    await tomContext.close();
  });

  test("the only admin is told at once to hand over first, before choosing anything or typing a password", async ({ page, browser }, testInfo) => {
    const grandma = newPerson("Margaret", "Hughes");
    const grandmaUser = await registerThroughApi(page.request, grandma);
    const tomContext = await browser.newContext();
    await registerThroughApi(tomContext.request, newPerson("Tom", "Hughes"), grandmaUser.invite_code);
    await page.goto("/settings");
    const card = page.getByRole("heading", { name: "Delete my account" }).locator("xpath=ancestor::*[@data-slot='card'][1]");
    await expect(
      card.getByText("You are your family's only admin. Make another member admin (on the Family Dashboard) before you delete your account."),
    ).toBeVisible();
    await expect(card.getByRole("link", { name: "Go to the Family Dashboard" })).toHaveAttribute("href", "/family-dashboard#members-title");
    await expect(page.getByRole("button", { name: "Delete my account" })).toHaveCount(0);
    await expectNoSeriousAccessibilityViolations(page);
    await shoot(page, "delete-account-only-admin", testInfo.project.name);
    await tomContext.close();
  });
});
