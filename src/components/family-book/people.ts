import { fullName } from "@/lib/people";

type Person = { first_name?: string | null; last_name?: string | null } | null | undefined;

/** "by {name}", falling back to "Unknown User" (docs/product.md §2). */
export function authorName(person: Person) {
  const name = fullName({ first_name: person?.first_name ?? "", last_name: person?.last_name ?? "" });
  return name || "Unknown User";
}
