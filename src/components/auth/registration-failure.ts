import type { ApiFailure } from "@/lib/api-client";

export const EMAIL_TAKEN = "An account with this email already exists.";

/**
 * What the register form says when the server refuses (docs/product.md §8): a taken email is the
 * server's 409 with the email field marked, told in the product's words; anything else is the
 * server's own message.
 */
export function registrationFailureMessage(failure: Pick<ApiFailure, "status" | "error" | "fieldErrors">) {
  if (failure.status === 409 && failure.fieldErrors?.email?.length) return EMAIL_TAKEN;
  return failure.error || "Something went wrong. Please try again.";
}
