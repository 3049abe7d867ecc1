type Person = { first_name?: string | null; last_name?: string | null } | null | undefined;

/** "by {name}", falling back to "Unknown User" (docs/product.md §2). */
export function authorName(person: Person) {
  const name = `${person?.first_name ?? ""} ${person?.last_name ?? ""}`.trim();
  return name || "Unknown User";
}
