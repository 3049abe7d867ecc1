// A person's name as every screen, email and book writes it: first and last, with nothing left
// over when one is empty. The "by {name}" of the Family Book falls back to "Unknown User"
// (docs/product.md §2); a departed author's kept name comes from src/server/family/members/former-member.ts.

type Named = { first_name: string; last_name: string };

export const fullName = (person: Named) => `${person.first_name} ${person.last_name}`.trim();
