import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

/**
 * Puts a refusal's field errors under the form's own fields. Returns false when none of them
 * belongs to a field on this form, so the caller shows the refusal's message above the form
 * instead: nothing the server said is ever dropped.
 */
export function showFieldErrors<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  fieldErrors: Record<string, string[]> | undefined,
  fields: readonly Path<Values>[],
): boolean {
  let shown = false;
  for (const field of fields) {
    const message = fieldErrors?.[field]?.[0];
    if (!message) continue;
    setError(field, { message });
    shown = true;
  }
  return shown;
}
