import { get, type FieldPath, type FieldValues, type RegisterOptions, type UseFormReturn } from "react-hook-form";

// Fields registered with react-hook-form are uncontrolled: without these props the server's HTML
// shows them empty (an edit form without its title, a select on its first option) until the page's
// scripts run and fill them in. On a slow phone that is seconds, and what a person types meanwhile
// raced the filling-in. These put each field's starting value into the HTML itself; when the form
// takes the field over, react-hook-form keeps a value that differs from the element's default,
// so anything typed or chosen before the scripts ran stays (docs/decisions/018-first-visit.md).

/** A text input, textarea or select, showing its starting value before the page's scripts have run. */
export function registerShown<T extends FieldValues>(form: UseFormReturn<T>, name: FieldPath<T>, options?: RegisterOptions<T, FieldPath<T>>) {
  const start: unknown = get(form.formState.defaultValues, name);
  return { ...form.register(name, options), defaultValue: start == null ? undefined : String(start) };
}

/** A checkbox (a true/false field) or one radio button of a field (`value`), checked as the form starts. */
export function registerChecked<T extends FieldValues>(form: UseFormReturn<T>, name: FieldPath<T>, value?: string) {
  const start: unknown = get(form.formState.defaultValues, name);
  return { ...form.register(name), ...(value === undefined ? { defaultChecked: start === true } : { value, defaultChecked: start === value }) };
}
