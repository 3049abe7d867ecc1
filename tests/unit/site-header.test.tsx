import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { menuItems } from "@/components/layout/menu-items";
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

  it("has no Settings for a signed-out visitor", () => {
    expect(renderToStaticMarkup(<SiteHeader signedIn={false} />)).not.toContain('href="/settings"');
  });
});
