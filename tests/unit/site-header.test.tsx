import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { menuItems, signInItem } from "@/components/layout/menu-items";
import { SiteHeader } from "@/components/layout/site-header";

vi.mock("next/navigation", () => ({
  usePathname: () => "/memories",
  useRouter: () => ({ push: vi.fn(), refresh: vi.fn() }),
}));

describe("the header menu", () => {
  it("shows the public links and Register to a signed-out visitor", () => {
    expect(menuItems({ signedIn: false })).toEqual([
      { href: "/memories", label: "Memories" },
      { href: "/questionnaires", label: "Questionnaires" },
      { href: "/family-book", label: "Family Book" },
      { href: "/subscription", label: "Plans" },
      { href: "/ask", label: "Ask a Question" },
      { href: "/register", label: "Register" },
    ]);
  });

  it("shows Dashboard instead of Register to a signed-in member", () => {
    const labels = menuItems({ signedIn: true }).map((item) => item.label);
    expect(labels).toContain("Dashboard");
    expect(labels).not.toContain("Register");
    expect(menuItems({ signedIn: true }).find((item) => item.label === "Dashboard")?.href).toBe("/family-dashboard");
  });

  it("renders the title linking home, the inline menu, and a labelled menu button for small screens", () => {
    const html = renderToStaticMarkup(<SiteHeader signedIn={false} />);
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Family Book<\/a>/);
    expect(html).toContain('aria-label="Open menu"');
    expect(html).toContain(">Register</a>");
    expect(html).not.toContain("Logout");
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/memories"|<a[^>]*href="\/memories"[^>]*aria-current="page"/);
  });

  it("renders Dashboard, Settings and a Logout button when signed in", () => {
    const html = renderToStaticMarkup(<SiteHeader signedIn />);
    expect(html).toContain(">Dashboard</a>");
    expect(html).toContain("Logout</button>");
    expect(html).not.toContain(">Register</a>");
    // A named gear beside Logout on wide screens, a line of the panel on small ones.
    expect(html).toMatch(/<a aria-label="Settings"[^>]*href="\/settings"/);
    expect(html).toContain(">Settings<");
  });

  it("offers Sign in, to the Login tab, in the bar and in the panel to a signed-out visitor, keeping Register as it was", () => {
    const html = renderToStaticMarkup(<SiteHeader signedIn={false} />);
    // Coming back to the page it was pressed on (/memories here) once signed in.
    const signIns = html.match(/<a[^>]*href="\/register\?tab=login&amp;next=%2Fmemories"[^>]*>Sign in/g) ?? [];
    // One in the bar at every width, one line of the folded menu's panel.
    expect(signIns).toHaveLength(2);
    expect(html).toMatch(/<a[^>]*href="\/register"[^>]*>Register<\/a>/);
  });

  it("comes back from Sign in to the page it was pressed on, except the landing page, signing in itself and pages opened from an email", () => {
    expect(signInItem("/family-book")).toEqual({ href: "/register?tab=login&next=%2Ffamily-book", label: "Sign in" });
    expect(signInItem("/memories/add").href).toBe("/register?tab=login&next=%2Fmemories%2Fadd");
    expect(signInItem("/ask").href).toBe("/register?tab=login&next=%2Fask");
    for (const page of [
      "/",
      "/register",
      "/register/google",
      "/login",
      "/forgot-password",
      "/reset-password",
      "/confirm-email",
      "/unsubscribe",
      "/answer",
      "/delete-account",
    ]) {
      expect(signInItem(page).href, page).toBe("/register?tab=login");
    }
  });

  it("offers no Sign in to a signed-in member", () => {
    expect(renderToStaticMarkup(<SiteHeader signedIn />)).not.toContain("Sign in");
  });

  it("has no Settings for a signed-out visitor", () => {
    expect(renderToStaticMarkup(<SiteHeader signedIn={false} />)).not.toContain('href="/settings"');
  });
});
