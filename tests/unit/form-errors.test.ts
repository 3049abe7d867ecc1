import { describe, expect, it } from "vitest";
import { showFieldErrors } from "@/lib/form-errors";

// A refusal's field errors land under the form's fields; one naming no field on the form is
// left to the form-wide message, never dropped.

type Values = { email: string; password: string };

function recorder() {
  const set: Record<string, string> = {};
  const setError = ((field: string, error: { message?: string }) => {
    set[field] = error.message ?? "";
  }) as Parameters<typeof showFieldErrors<Values>>[0];
  return { set, setError };
}

describe("showFieldErrors", () => {
  it("puts the first message of each of the form's fields under that field", () => {
    const { set, setError } = recorder();
    expect(showFieldErrors(setError, { email: ["Taken", "Also this"], password: ["Wrong"] }, ["email", "password"])).toBe(true);
    expect(set).toEqual({ email: "Taken", password: "Wrong" });
  });

  it("says nothing was shown when the errors name no field of this form, or there are none", () => {
    const { set, setError } = recorder();
    expect(showFieldErrors(setError, { token: ["Expired"] }, ["email", "password"])).toBe(false);
    expect(showFieldErrors(setError, undefined, ["email", "password"])).toBe(false);
    expect(set).toEqual({});
  });
});
