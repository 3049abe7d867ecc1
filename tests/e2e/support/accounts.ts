import { randomBytes } from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

export type Person = { firstName: string; lastName: string; email: string; password: string };

export function newPerson(firstName = "Grace", lastName = "Hopper"): Person {
  const local = firstName.normalize("NFD").replace(/[^a-zA-Z]/g, "").toLowerCase() || "member";
  return { firstName, lastName, email: `${local}.${randomBytes(5).toString("hex")}@example.test`, password: "a family secret" };
}

/**
 * Registers through the API with the page's own request context, so the browser is signed in
 * afterwards (the session cookie lands in the same cookie jar). Returns the new user.
 */
export async function registerThroughApi(request: APIRequestContext, person: Person, familyId?: string) {
  const response = await request.post("/api/auth/register", {
    data: { first_name: person.firstName, last_name: person.lastName, email: person.email, password: person.password, family_id: familyId },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).data.user as { id: string; family_id: string; email: string };
}

export async function registerThroughForm(page: Page, person: Person) {
  const form = page.getByRole("form", { name: "Register" });
  await form.getByLabel("First name").fill(person.firstName);
  await form.getByLabel("Last name").fill(person.lastName);
  await form.getByLabel("Email").fill(person.email);
  await form.getByLabel("Password").fill(person.password);
  await form.getByRole("button", { name: "Register" }).click();
}
