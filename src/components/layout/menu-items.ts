import { FAMILY_BOOK_PATH, PRODUCT_NAME } from "@/lib/constants";
import { signInHref } from "@/lib/next-path";

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

/**
 * Pages not to come back to after signing in: the landing page, the pages of signing in itself, and
 * the pages an email's link opens, whose token is in the query and not in the path.
 */
const NOT_COME_BACK_TO = ["/", "/register", "/login", "/forgot-password", "/reset-password", "/confirm-email", "/delete-account", "/unsubscribe", "/answer"];

/**
 * Signed out, Sign in (docs/product.md §2) opens the Login tab. Register stays in the menu as it
 * was; Sign in is a button of the header bar itself at every width, where someone who already has
 * an account looks for it, and a line of the menu panel on small screens. Like every prompt to
 * sign in, it comes back to the page it was pressed on (docs/decisions/018-first-visit.md).
 */
export function signInItem(pathname: string): MenuItem {
  const comeBack = !NOT_COME_BACK_TO.some((page) => pathname === page || pathname.startsWith(`${page}/`));
  return { href: signInHref(comeBack ? pathname : "/"), label: "Sign in" };
}

/** Signed in, Settings (docs/product.md §2) sits beside Logout: a gear on wide screens, where the menu has no room left, and a line of the menu panel on small ones. */
export const SETTINGS_ITEM: MenuItem = { href: "/settings", label: "Settings" };
