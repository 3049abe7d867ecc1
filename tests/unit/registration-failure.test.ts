import { describe, expect, it } from "vitest";
import { EMAIL_TAKEN, registrationFailureMessage } from "@/components/auth/registration-failure";

// docs/product.md §8: "Registration failed" with "An account with this email already exists." or the
// server's message. The form goes by the answer's status and field, never by the wording.

describe("the register form's message when registration fails", () => {
  it("says the email already has an account when the server answers 409 on the email field", () => {
    const failure = {
      status: 409,
      error: "An account with this email is already registered.",
      fieldErrors: { email: ["An account with this email is already registered."] },
    };
    expect(registrationFailureMessage(failure)).toBe("An account with this email already exists.");
    expect(EMAIL_TAKEN).toBe("An account with this email already exists.");
  });

  it("says so whatever words the server chose", () => {
    expect(
      registrationFailureMessage({ status: 409, error: "Cette adresse a déjà un compte.", fieldErrors: { email: ["Cette adresse a déjà un compte."] } }),
    ).toBe(EMAIL_TAKEN);
  });

  it("shows the server's message for any other refusal, even one that mentions 'already registered'", () => {
    const invite = "This invite link is not valid. Please ask your relative to send it again.";
    expect(registrationFailureMessage({ status: 400, error: invite, fieldErrors: { family_id: [invite] } })).toBe(invite);
    expect(registrationFailureMessage({ status: 400, error: "Email already registered elsewhere?", fieldErrors: { email: ["x"] } })).toBe(
      "Email already registered elsewhere?",
    );
    expect(registrationFailureMessage({ status: 409, error: "Too late: already registered.", fieldErrors: {} })).toBe("Too late: already registered.");
    expect(registrationFailureMessage({ status: 429, error: "Too many registration attempts. Please wait 5 minutes and try again." })).toBe(
      "Too many registration attempts. Please wait 5 minutes and try again.",
    );
  });

  it("falls back to a general message when the server gave none", () => {
    expect(registrationFailureMessage({ status: 500, error: "" })).toBe("Something went wrong. Please try again.");
  });
});
