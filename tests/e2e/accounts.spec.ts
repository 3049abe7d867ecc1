import { expect, test } from "@playwright/test";
import { expectNoSeriousAccessibilityViolations, saveScreenshot } from "./support/accessibility";
import { newPerson, registerThroughApi, registerThroughForm } from "./support/accounts";
import { afterGoogleVerified } from "./support/google";

test.describe("registering and the family dashboard", () => {
  test("a new member registers, lands on the dashboard and copies the invite link", async ({ page, context }, testInfo) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const person = newPerson("Margaret", "Hughes");
    await page.goto("/register?tab=register");
    await expect(page.getByRole("tab", { name: "Register", selected: true })).toBeVisible();
    await expect(page.getByText("Create your family account")).toBeVisible();
    await expect(page.getByText("Register to start preserving your family's memories")).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `register-${testInfo.project.name}`);

    await registerThroughForm(page, person);

    await expect(page).toHaveURL(/\/family-dashboard$/);
    await expect(page.getByText("Welcome!")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Family Dashboard" })).toBeVisible();
    await expect(page.getByText("Welcome Margaret Hughes")).toBeVisible();
    await expect(page.getByText("You are now logged in to your family dashboard.")).toBeVisible();
    const inviteLink = await page.getByLabel("Family invite link").inputValue();
    // A random code, never the family's id (docs/decisions/008-invites.md).
    expect(inviteLink).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/register\?familyId=[A-Za-z0-9_-]{24}$/);

    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByText("Invite link copied to clipboard")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(inviteLink);

    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `dashboard-${testInfo.project.name}`);
  });

  test("a relative joins through the invite link and both see each other in the members table", async ({ page, browser }, testInfo) => {
    const founder = newPerson("Margaret", "Hughes");
    const founderUser = await registerThroughApi(page.request, founder);
    await page.goto("/family-dashboard");
    const inviteLink = await page.getByLabel("Family invite link").inputValue();

    const relativeContext = await browser.newContext();
    const relativePage = await relativeContext.newPage();
    await relativePage.goto(inviteLink);
    await expect(relativePage.getByText("Join family group")).toBeVisible();
    await expect(relativePage.getByText("Register to join an existing family group")).toBeVisible();
    // Whose family it is, before anything is filled in (docs/decisions/008-invites.md).
    await expect(relativePage.getByText("Join the Hughes family — invited by Margaret")).toBeVisible();
    await expect(relativePage.getByRole("button", { name: "Create my own family instead" })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(relativePage);
    await saveScreenshot(relativePage, `register-invite-${testInfo.project.name}`);
    await registerThroughForm(relativePage, newPerson("Tom", "Hughes"));
    await expect(relativePage).toHaveURL(/\/family-dashboard$/);
    await expect(relativePage.getByLabel("Family invite link")).toHaveValue(new RegExp(`familyId=${founderUser.invite_code}$`));
    const relativeMembers = relativePage.locator("section", { has: relativePage.getByRole("heading", { name: "Family members" }) });
    // The table on wide screens, the list on phones: whichever is shown names both.
    const relativeList = relativeMembers.locator("table, ul").filter({ visible: true });
    await expect(relativeList).toContainText("Margaret Hughes");
    await expect(relativeList).toContainText("Tom Hughes (you)");
    // A member who is not an admin is told who can change the link, and gets no controls for it.
    await expect(relativePage.getByText("Only Margaret Hughes (family admin) can replace or close this link.")).toBeVisible();
    await expect(relativePage.getByRole("button", { name: "Replace link" })).toHaveCount(0);
    await expect(relativePage.getByRole("button", { name: "Close link" })).toHaveCount(0);
    await expectNoSeriousAccessibilityViolations(relativePage);
    await saveScreenshot(relativePage, `dashboard-member-${testInfo.project.name}`);

    await page.reload();
    const members = page.locator("section", { has: page.getByRole("heading", { name: "Family members" }) });
    const memberList = members.locator("table, ul").filter({ visible: true });
    await expect(memberList).toContainText("Tom Hughes");
    await expect(memberList).toContainText("Margaret Hughes (you)");
    // Whoever started the family is its admin, and gets the actions on the others (none on themselves).
    await expect(memberList).toContainText(/admin/i);
    await expect(members.getByRole("switch", { name: "Admin access: Tom Hughes" }).filter({ visible: true })).toBeEnabled();
    await expect(members.getByRole("button", { name: "Remove from family: Tom Hughes" }).filter({ visible: true })).toBeVisible();
    await expect(members.getByRole("button", { name: /Margaret Hughes/ })).toHaveCount(0);
    // The member sees the Admin Access column read-only, and no actions.
    await expect(relativeMembers.getByRole("switch", { name: "Admin access: Margaret Hughes" }).filter({ visible: true })).toBeChecked();
    await expect(relativeMembers.getByRole("switch", { name: "Admin access: Margaret Hughes" }).filter({ visible: true })).toBeDisabled();
    await expect(relativeMembers.getByRole("button", { name: /Make admin|Remove from family/ })).toHaveCount(0);
    await relativeContext.close();
  });

  test("registering an email that already has an account says so", async ({ page, browser }) => {
    const person = newPerson();
    const other = await browser.newContext();
    await registerThroughApi(other.request, person);
    await other.close();

    await page.goto("/register?tab=register");
    await registerThroughForm(page, { ...person, email: person.email.toUpperCase() });
    await expect(page.getByRole("alert").filter({ hasText: "An account with this email already exists." })).toBeVisible();
    await expect(page).toHaveURL(/\/register/);
  });

  test("the register form explains each missing or short field", async ({ page }) => {
    await page.goto("/register?tab=register");
    const form = page.getByRole("form", { name: "Register" });
    await form.getByLabel("Password").fill("short");
    await form.getByRole("button", { name: "Register" }).click();
    await expect(form.getByText("First name is required")).toBeVisible();
    await expect(form.getByText("Last name is required")).toBeVisible();
    await expect(form.getByText("Email is required")).toBeVisible();
    await expect(form.getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(form.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
  });

  test("the password gets a live strength hint, and a common password is refused kindly", async ({ page }, testInfo) => {
    const dictionaries: string[] = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() === "script" && (await response.body()).includes("passwords-common")) dictionaries.push(response.url());
    });
    await page.goto("/register?tab=register");
    const form = page.getByRole("form", { name: "Register" });
    const password = form.getByLabel("Password");
    const hint = form.locator("#register-password-strength [aria-live=polite]");
    await expect(hint).toBeEmpty();
    expect(dictionaries, "the password dictionaries load only once someone types a password").toEqual([]);

    await form.getByLabel("First name").fill("Margaret");
    await form.getByLabel("Last name").fill("Hughes");
    await form.getByLabel("Email").fill(newPerson("Margaret").email);
    await password.fill("1234");
    await expect(hint).toHaveText("Password strength: Too short. Use at least 8 characters.");
    await password.fill("12345678");
    await expect(hint).toHaveText("Password strength: Too easy to guess. This is a heavily used password.");
    await expect(password).toHaveAttribute("aria-describedby", /register-password-strength/);
    expect(dictionaries).toHaveLength(1);
    await form.getByRole("button", { name: "Register" }).click();
    await expect(form.getByText("This password is too common or too easy to guess. Please choose one that is harder to guess.")).toBeVisible();
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `register-weak-password-${testInfo.project.name}`);

    await password.fill("correct horse battery");
    await expect(hint).toHaveText("Password strength: Strong");
    await expect(form.getByText("This password is too common")).toHaveCount(0);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `register-strong-password-${testInfo.project.name}`);
    await form.getByRole("button", { name: "Register" }).click();
    await expect(page).toHaveURL(/\/family-dashboard$/);
    expect(dictionaries).toHaveLength(1);
  });

  test("Google sign-in explains that it is not available", async ({ page }) => {
    await page.goto("/register");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await expect(page.getByText("Google sign-in is not yet implemented with the new API.")).toBeVisible();
  });
});

test.describe("signing in and out", () => {
  test("a member signs out, is refused a wrong password, and signs back in", async ({ page }, testInfo) => {
    const person = newPerson("Ada", "Byron");
    await registerThroughApi(page.request, person);
    await page.goto("/family-dashboard");

    if (testInfo.project.name === "mobile") await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByText("You have been successfully logged out.")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/family-dashboard");
    await expect(page).toHaveURL(/\/register\?tab=login&next=%2Ffamily-dashboard$/);

    await expect(page.getByRole("tab", { name: "Login", selected: true })).toBeVisible();
    const form = page.getByRole("form", { name: "Login" });
    await form.getByLabel("Email").fill(person.email);
    await form.getByLabel("Password").fill("not my password");
    await form.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(form.getByRole("alert")).toHaveText("Invalid email or password. Please try again.");
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `login-error-${testInfo.project.name}`);

    await form.getByLabel("Password").fill(person.password);
    await form.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("You have successfully logged in.")).toBeVisible();
    await expect(page).toHaveURL(/\/family-dashboard$/);
  });

  test("logout signs the browser out even when the server cannot be reached, says so, and ends the session once it is back", async ({ page }, testInfo) => {
    await registerThroughApi(page.request, newPerson());
    await page.goto("/family-dashboard");
    const token = (await page.context().cookies()).find((cookie) => cookie.name === "fb_session")!.value;
    await page.route("**/api/auth/logout", (route) => route.abort("connectionfailed"));

    if (testInfo.project.name === "mobile") await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByText("Logged out on this device")).toBeVisible();
    await expect(page.getByText("Family Book could not be reached, so your session is still open there.")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await saveScreenshot(page, `logout-offline-${testInfo.project.name}`);

    await page.unroute("**/api/auth/logout");
    await page.goto("/family-dashboard");
    await expect(page).toHaveURL(/\/register\?tab=login&next=%2Ffamily-dashboard$/);
    // The session the browser could not end itself was ended when it next reached Family Book.
    expect((await page.request.get("/api/auth/me", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
  });

  test("a signed-in member who opens /register goes to the dashboard", async ({ page }) => {
    await registerThroughApi(page.request, newPerson());
    await page.goto("/register");
    await expect(page).toHaveURL(/\/family-dashboard$/);
  });

  test("an anonymous visitor of the dashboard is sent to sign in, and back to the dashboard afterwards", async ({ page }) => {
    await page.goto("/family-dashboard");
    await expect(page).toHaveURL(/\/register\?tab=login&next=%2Ffamily-dashboard$/);
  });

  test("signing in from a prompt comes back to the page that asked; a next leading elsewhere is ignored", async ({ page }) => {
    const person = newPerson("Edith", "Clarke");
    await registerThroughApi(page.request, person);
    await page.context().clearCookies();

    await page.goto("/memories/add");
    await page.getByRole("main").getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/register\?tab=login&next=%2Fmemories%2Fadd$/);
    const form = page.getByRole("form", { name: "Login" });
    await form.getByLabel("Email").fill(person.email);
    await form.getByLabel("Password").fill(person.password);
    await form.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/memories\/add$/);
    await expect(page.getByRole("form", { name: "Add a new memory" })).toBeVisible();

    await page.context().clearCookies();
    await page.goto("/login?next=%2F%2Fevil.example%2F");
    await expect(page).toHaveURL(/\/register\?tab=login$/);
    await form.getByLabel("Email").fill(person.email);
    await form.getByLabel("Password").fill(person.password);
    await form.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/family-dashboard$/);
  });
});

test.describe("the signed-in menu", () => {
  test("shows Dashboard and Logout instead of Register", async ({ page }, testInfo) => {
    await registerThroughApi(page.request, newPerson());
    await page.goto("/");
    if (testInfo.project.name === "mobile") await page.getByRole("button", { name: "Open menu" }).click();
    const menu = testInfo.project.name === "mobile" ? page.getByRole("dialog", { name: "Menu" }) : page.getByRole("banner");
    await expect(menu.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/family-dashboard");
    await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Register" })).toHaveCount(0);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `signed-in-menu-${testInfo.project.name}`);
  });
});

test.describe("security headers", () => {
  test("every page carries a nonce-based CSP and the protective headers", async ({ request }) => {
    const response = await request.get("/");
    const policy = response.headers()["content-security-policy"]!;
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers()["strict-transport-security"]).toContain("max-age=");
    const nonce = /'nonce-([^']+)'/.exec(policy)![1];
    const html = await response.text();
    expect(html).toContain(`nonce="${nonce}"`);
  });

  test("API answers carry the protective headers too", async ({ request }) => {
    const response = await request.get("/api/auth/me");
    expect(response.status()).toBe(401);
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["content-security-policy"]).toContain("default-src 'none'");
    expect(response.headers()["strict-transport-security"]).toContain("max-age=");
  });
});

test.describe("invites are shown before they are used (docs/decisions/008-invites.md)", () => {
  test("an invite remembered from a link to another page is shown when registering, and the person joins by choice", async ({ page, browser }) => {
    const founder = await registerThroughApi(page.request, newPerson("Ruth", "Ng"));
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/ask?familyId=${founder.invite_code}`);
    await visitorPage.goto("/register?tab=register");
    await expect(visitorPage.getByText("Join family group")).toBeVisible();
    await expect(visitorPage.getByText("Join the Ng family — invited by Ruth")).toBeVisible();
    await registerThroughForm(visitorPage, newPerson("Sam", "Ng"));
    await expect(visitorPage.getByLabel("Family invite link")).toHaveValue(new RegExp(`familyId=${founder.invite_code}$`));
    await visitor.close();
  });

  test("an invite planted through /subscription?familyId=… is shown before use and can be declined", async ({ page, browser }, testInfo) => {
    const planter = await registerThroughApi(page.request, newPerson("Mallory", "Lindqvist"));
    const victim = await browser.newContext();
    const victimPage = await victim.newPage();
    await victimPage.goto(`/subscription?familyId=${planter.invite_code}`);
    await victimPage.goto("/register?tab=register");
    await expect(victimPage.getByText("Join the Lindqvist family — invited by Mallory")).toBeVisible();

    await victimPage.getByRole("button", { name: "Create my own family instead" }).click();
    await expect(victimPage.getByText("Join the Lindqvist family — invited by Mallory")).toHaveCount(0);
    await expect(victimPage.getByText("Create your family account")).toBeVisible();
    await expect(victimPage.getByRole("status").filter({ hasText: "The invite was set aside: registering starts your own family." })).toBeVisible();
    await expect(victimPage.getByLabel("First name")).toBeFocused();
    await expect.poll(async () => (await victim.cookies()).some((cookie) => cookie.name === "fb_invite")).toBe(false);
    await expectNoSeriousAccessibilityViolations(victimPage);
    await saveScreenshot(victimPage, `register-invite-declined-${testInfo.project.name}`);

    await registerThroughForm(victimPage, newPerson("Ines", "Berg"));
    await expect(victimPage).toHaveURL(/\/family-dashboard$/);
    const members = victimPage.locator("section", { has: victimPage.getByRole("heading", { name: "Family members" }) });
    await expect(members.getByText("Ines Berg (you)").filter({ visible: true })).toBeVisible();
    await expect(members.getByText("Mallory Lindqvist")).toHaveCount(0);
    await victim.close();
  });

  test("an admin replaces the link after confirming; the old link is refused when the register page opens", async ({ page, browser }, testInfo) => {
    await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    await page.goto("/family-dashboard");
    const oldLink = await page.getByLabel("Family invite link").inputValue();
    await expect(page.getByText(/^Works until /)).toBeVisible();

    await page.getByRole("button", { name: "Replace link" }).click();
    const dialog = page.getByRole("dialog", { name: "Replace the invite link?" });
    await expect(dialog.getByText("The current link stops working at once.", { exact: false })).toBeVisible();
    await expect(dialog.getByLabel("New link works for")).toHaveValue("30");
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `invite-replace-dialog-${testInfo.project.name}`);
    await dialog.getByRole("button", { name: "Keep current link" }).click();
    await expect(page.getByLabel("Family invite link")).toHaveValue(oldLink);

    await page.getByRole("button", { name: "Replace link" }).click();
    await dialog.getByLabel("New link works for").selectOption("7");
    await dialog.getByRole("button", { name: "Replace link" }).click();
    await expect(page.getByText("The old link no longer works.")).toBeVisible();
    await expect(page.getByLabel("Family invite link")).not.toHaveValue(oldLink);
    const newLink = await page.getByLabel("Family invite link").inputValue();
    expect(newLink).toMatch(/\/register\?familyId=[A-Za-z0-9_-]{24}$/);

    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(oldLink);
    const refusal = visitorPage.getByRole("alert").filter({ hasText: "This invite link is not valid. Please ask your relative to send it again." });
    await expect(refusal).toBeVisible();
    await expect(visitorPage.getByLabel("First name")).toHaveCount(0);
    await expectNoSeriousAccessibilityViolations(visitorPage);
    await saveScreenshot(visitorPage, `register-invite-refused-${testInfo.project.name}`);

    await visitorPage.getByRole("button", { name: "Sign in" }).click();
    await expect(visitorPage.getByRole("tab", { name: "Login", selected: true })).toBeVisible();
    await visitorPage.getByRole("tab", { name: "Register" }).click();
    await visitorPage.getByRole("button", { name: "Register a new family" }).click();
    await expect(visitorPage.getByText("Create your family account")).toBeVisible();
    await expect(visitorPage.getByLabel("First name")).toBeFocused();

    await visitorPage.goto(newLink);
    await expect(visitorPage.getByText("Join the Hughes family — invited by Margaret")).toBeVisible();
    await visitor.close();
  });

  test("an admin closes the link after confirming; the family is told and the link is refused", async ({ page, browser }, testInfo) => {
    await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    await page.goto("/family-dashboard");
    const link = await page.getByLabel("Family invite link").inputValue();

    await page.getByRole("button", { name: "Close link" }).click();
    const dialog = page.getByRole("dialog", { name: "Close the invite link?" });
    await expect(dialog.getByText("Nobody can join your family through it until an admin creates a new link.", { exact: false })).toBeVisible();
    await dialog.getByRole("button", { name: "Close link" }).click();
    await expect(page.getByText("The invite link is closed. Nobody can join through it.")).toBeVisible();
    await expect(page.getByLabel("Family invite link")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Create a new link" })).toBeFocused();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, `dashboard-invite-closed-${testInfo.project.name}`);

    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(link);
    await expect(visitorPage.getByRole("alert").filter({ hasText: "This invite link is not valid." })).toBeVisible();
    await visitor.close();

    await page.getByRole("button", { name: "Create a new link" }).click();
    await page.getByRole("dialog", { name: "Create a new invite link?" }).getByRole("button", { name: "Create link" }).click();
    await expect(page.getByLabel("Family invite link")).toHaveValue(/familyId=[A-Za-z0-9_-]{24}$/);
  });

  test("a link replaced while someone fills in the form is refused on submit, with a family of their own offered", async ({ page, browser }) => {
    await registerThroughApi(page.request, newPerson("Margaret", "Hughes"));
    await page.goto("/family-dashboard");
    const link = await page.getByLabel("Family invite link").inputValue();

    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(link);
    await expect(visitorPage.getByText("Join the Hughes family — invited by Margaret")).toBeVisible();
    expect((await page.request.post("/api/family/invite", { data: {} })).status()).toBe(201);

    await registerThroughForm(visitorPage, newPerson("Tom", "Hughes"));
    await expect(visitorPage.getByRole("alert").filter({ hasText: "This invite link is not valid." }).first()).toBeVisible();
    await expect(visitorPage).toHaveURL(/\/register/);
    await visitorPage.getByRole("button", { name: "Register a new family" }).click();
    await expect(visitorPage.getByText("Create your family account")).toBeVisible();
    await visitor.close();
  });

  test("a new Google account that arrived through an invite is asked before joining, and joins by choice", async ({ page, browser, baseURL }, testInfo) => {
    const founder = await registerThroughApi(page.request, newPerson("Margaret", "Lindqvist"));
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/subscription?familyId=${founder.invite_code}`);
    const google = newPerson("Ines", "Lindqvist");
    await afterGoogleVerified(visitor, baseURL!, { email: google.email, given_name: "Ines", family_name: "Lindqvist" });

    await visitorPage.goto("/api/auth/google/complete");
    await expect(visitorPage).toHaveURL(/\/register\/google$/);
    await expect(visitorPage.getByText("Join the Lindqvist family — invited by Margaret")).toBeVisible();
    await expect(visitorPage.getByText(`Signed in with Google as ${google.email}.`, { exact: false })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(visitorPage);
    await saveScreenshot(visitorPage, `google-confirm-${testInfo.project.name}`);

    await visitorPage.getByRole("button", { name: "Join the Lindqvist family" }).click();
    await expect(visitorPage).toHaveURL(/\/family-dashboard$/);
    await expect(visitorPage.getByLabel("Family invite link")).toHaveValue(new RegExp(`familyId=${founder.invite_code}$`));
    await visitor.close();
  });

  test("a new Google account can set the invite aside and start its own family", async ({ page, browser, baseURL }) => {
    const founder = await registerThroughApi(page.request, newPerson("Mallory", "Lindqvist"));
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/ask?familyId=${founder.invite_code}`);
    const google = newPerson("Ines", "Berg");
    await afterGoogleVerified(visitor, baseURL!, { email: google.email, given_name: "Ines", family_name: "Berg" });

    await visitorPage.goto("/api/auth/google/complete");
    await visitorPage.getByRole("button", { name: "Create my own family instead" }).click();
    await expect(visitorPage).toHaveURL(/\/family-dashboard$/);
    const members = visitorPage.locator("section", { has: visitorPage.getByRole("heading", { name: "Family members" }) });
    await expect(members.getByText("Ines Berg (you)").filter({ visible: true })).toBeVisible();
    await expect(members.getByText("Mallory Lindqvist")).toHaveCount(0);
    await visitor.close();
  });

  test("a Google account whose invite was closed meanwhile is told so and can start its own family", async ({ page, browser, baseURL }, testInfo) => {
    const founder = await registerThroughApi(page.request, newPerson("Margaret", "Lindqvist"));
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`/ask?familyId=${founder.invite_code}`);
    expect((await page.request.delete("/api/family/invite")).status()).toBe(200);
    const google = newPerson("Ines", "Berg");
    await afterGoogleVerified(visitor, baseURL!, { email: google.email, given_name: "Ines", family_name: "Berg" });

    await visitorPage.goto("/api/auth/google/complete");
    await expect(visitorPage).toHaveURL(/\/register\/google$/);
    await expect(visitorPage.getByRole("alert").filter({ hasText: "This invite link is not valid." })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(visitorPage);
    await saveScreenshot(visitorPage, `google-confirm-refused-${testInfo.project.name}`);
    await visitorPage.getByRole("button", { name: "Create my own family" }).click();
    await expect(visitorPage).toHaveURL(/\/family-dashboard$/);
    await visitor.close();
  });
});
