import { randomBytes } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

export type Person = { firstName: string; lastName: string; email: string; password: string };

export function newPerson(firstName = "Grace", lastName = "Hopper"): Person {
  const local =
    firstName
      .normalize("NFD")
      .replace(/[^a-zA-Z]/g, "")
      .toLowerCase() || "member";
  return { firstName, lastName, email: `${local}.${randomBytes(5).toString("hex")}@example.test`, password: "a family secret" };
}

/**
 * Registers through the API with the page's own request context, so the browser is signed in
 * afterwards (the session cookie lands in the same cookie jar): a new family, or the family of the
 * invite code given. Returns the new user and the code of their family's invite link, which is
 * what a relative registers with (a family's id is not an invite, docs/decisions/008-invites.md).
 */
export async function registerThroughApi(request: APIRequestContext, person: Person, inviteCode?: string) {
  const response = await request.post("/api/auth/register", {
    data: { first_name: person.firstName, last_name: person.lastName, email: person.email, password: person.password, family_id: inviteCode },
  });
  expect(response.status(), await response.text()).toBe(201);
  const user = (await response.json()).data.user as { id: string; family_id: string; email: string };
  const invite = await request.get("/api/family/invite");
  expect(invite.status(), await invite.text()).toBe(200);
  return { ...user, invite_code: (await invite.json()).data.invite.code as string };
}

export async function registerThroughForm(page: Page, person: Person) {
  const form = page.getByRole("form", { name: "Register" });
  await form.getByLabel("First name").fill(person.firstName);
  await form.getByLabel("Last name").fill(person.lastName);
  await form.getByLabel("Email").fill(person.email);
  await form.getByLabel("Password").fill(person.password);
  await form.getByRole("button", { name: "Register" }).click();
}
