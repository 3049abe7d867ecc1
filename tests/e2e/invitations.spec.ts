import { expect, test } from "@playwright/test";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi } from "./support/accounts";
import { linkIn, saveEmailScreenshots, waitForEmail, waitForEmails } from "./support/outbox";

// Inviting a relative by email on a fresh server with no mail server: the email lands in
// DATA_DIR/outbox, and its personal link opens the register page already filled in
// (docs/decisions/016-invitations-by-email.md).

test.describe("invite by email", () => {
  test("a member invites a relative, who follows the emailed link and joins; Resend and Revoke manage what waits", async ({ page, browser }, testInfo) => {
    const margaret = newPerson("Margaret", "Lindqvist");
    await registerThroughApi(page.request, margaret);
    await page.goto("/family-dashboard");

    const card = page.getByRole("form", { name: "Invite by email" });
    await card.getByRole("button", { name: "Send invitation" }).click();
    await expect(card.getByText("First name is required")).toBeVisible();
    await expect(card.getByText("Email is required")).toBeVisible();

    const ines = newPerson("Ines", "Lindqvist");
    await card.getByLabel("First name").fill(ines.firstName);
    await card.getByLabel("Email").fill(ines.email);
    await card.getByLabel("Personal note (optional)").fill("Come and read Grandpa's stories!");
    await card.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText("Invitation sent", { exact: true })).toBeVisible();
    const waiting = page.getByRole("region", { name: "Waiting invitations" });
    await expect(waiting.getByText(`Ines (${ines.email})`)).toBeVisible();
    await expect(waiting.getByText("Waiting", { exact: true })).toBeVisible();
    await expect(card.getByLabel("First name")).toBeFocused();
    await expect(card.getByLabel("First name")).toHaveValue("");
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `invite-by-email-${testInfo.project.name}`);

    const subject = "Margaret Lindqvist invites you to join the Lindqvist family on Family Book";
    const email = await waitForEmail(ines.email, subject);
    expect(email.text).toContain("Come and read Grandpa's stories!");
    if (testInfo.project.name === "desktop") await saveEmailScreenshots(browser, email, "invitation");
    const link = linkIn(email, "/register");

    // Ines, in a browser of her own, follows the link.
    const inesContext = await browser.newContext();
    const inesPage = await inesContext.newPage();
    await inesPage.goto(link.pathname + link.search);
    await expect(inesPage.getByText("Join the Lindqvist family — invited by Margaret")).toBeVisible();
    const form = inesPage.getByRole("form", { name: "Register" });
    await expect(form.getByLabel("First name")).toHaveValue("Ines");
    await expect(form.getByLabel("Email")).toHaveValue(ines.email);
    await expectNoSeriousAccessibilityViolations(inesPage);
    await saveScreenshot(inesPage, `register-from-invitation-${testInfo.project.name}`);
    await form.getByLabel("Last name").fill(ines.lastName);
    await form.getByLabel("Password").fill(ines.password);
    await form.getByRole("button", { name: "Register" }).click();
    await expect(inesPage).toHaveURL(/\/family-dashboard$/);
    await expect(inesPage.getByText("Welcome Ines Lindqvist")).toBeVisible();
    await inesContext.close();

    // Accepted: the invitation leaves the list, and its link lets nobody else in.
    await page.reload();
    await expect(waiting.getByText("Nobody is waiting")).toBeVisible();
    const latecomer = await browser.newContext();
    const latecomerPage = await latecomer.newPage();
    await latecomerPage.goto(link.pathname + link.search);
    await expect(latecomerPage.getByText("This invite link is not valid. Please ask your relative to send it again.")).toBeVisible();
    await latecomer.close();

    // Resend sends a new link; Revoke, after confirming, stops it.
    const jon = newPerson("Jon", "Lindqvist");
    await card.getByLabel("First name").fill(jon.firstName);
    await card.getByLabel("Email").fill(jon.email);
    await card.getByRole("button", { name: "Send invitation" }).click();
    await expect(waiting.getByText(`Jon (${jon.email})`)).toBeVisible();
    await waiting.getByRole("button", { name: "Resend the invitation to Jon" }).click();
    await expect(page.getByText("Invitation sent again", { exact: true })).toBeVisible();
    const jonEmails = await waitForEmails(jon.email, subject, 2);
    const [firstLink, secondLink] = jonEmails.map((sent) => linkIn(sent, "/register"));
    expect(secondLink!.search).not.toBe(firstLink!.search);

    await waiting.getByRole("button", { name: "Revoke the invitation to Jon" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke the invitation to Jon?" });
    await expectNoSeriousAccessibilityViolations(page);
    await dialog.getByRole("button", { name: "Revoke invitation" }).click();
    await expect(page.getByText("Invitation revoked", { exact: true })).toBeVisible();
    await expect(waiting.getByText("Nobody is waiting")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Waiting invitations" })).toBeFocused();
    const jonPage = await (await browser.newContext()).newPage();
    await jonPage.goto(secondLink!.pathname + secondLink!.search);
    await expect(jonPage.getByText("This invite link is not valid. Please ask your relative to send it again.")).toBeVisible();
  });

  test("someone already in the family is not invited, and is named", async ({ page, request }) => {
    const margaret = newPerson("Margaret", "Lindqvist");
    const founder = await registerThroughApi(page.request, margaret);
    const olof = newPerson("Olof", "Lindqvist");
    // Olof joins through the API in a request context of his own: this browser stays Margaret's.
    await registerThroughApi(request, olof, founder.invite_code);
    await page.goto("/family-dashboard");
    const card = page.getByRole("form", { name: "Invite by email" });
    await card.getByLabel("First name").fill("Olof");
    await card.getByLabel("Email").fill(olof.email);
    await card.getByRole("button", { name: "Send invitation" }).click();
    await expect(card.getByText("Olof is already in your family.")).toBeVisible();
    await expect(card.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  });
});
