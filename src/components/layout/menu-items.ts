import { FAMILY_BOOK_PATH, PRODUCT_NAME } from "@/lib/constants";

export type MenuItem = { href: string; label: string };

/** The header menu (docs/product.md §2 "Header and menu"): Dashboard only when signed in, Register only when not. */
export function menuItems({ signedIn }: { signedIn: boolean }): MenuItem[] {
  return [
    { href: "/memories", label: "Memories" },
    { href: "/questionnaires", label: "Questionnaires" },
    { href: FAMILY_BOOK_PATH, label: PRODUCT_NAME },
    { href: "/subscription", label: "Plans" },
    { href: "/ask", label: "Ask a Question" },
    signedIn ? { href: "/family-dashboard", label: "Dashboard" } : { href: "/register", label: "Register" },
  ];
}

/** Signed in, Settings (docs/product.md §2) sits beside Logout: a gear on wide screens, where the menu has no room left, and a line of the menu panel on small ones. */
export const SETTINGS_ITEM: MenuItem = { href: "/settings", label: "Settings" };
