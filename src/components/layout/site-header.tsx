"use client";

import { clsx } from "clsx";
import { BellIcon, MenuIcon, SearchIcon, SettingsIcon, XIcon } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useId, useRef, type KeyboardEvent } from "react";
import { buttonVariants } from "@/components/ui/button-variants";
import { LinkPending } from "@/components/ui/link-pending";
import { PRODUCT_NAME } from "@/lib/constants";
import { bellLabel } from "@/lib/notifications";
import { LogoutButton } from "./logout-button";
import { menuItems, SETTINGS_ITEM, signInItem, type MenuItem } from "./menu-items";

// The header is on every page, so its browser code stays small: the side panel is the browser's
// own modal <dialog> (the page behind it becomes inert and Escape closes it), and classes are
// joined with clsx alone. The menu shows in full from 1280 px (MENU_FOLDS_BELOW_PX): narrower,
// its links would wrap onto a second line, so they fold into the panel.

function isCurrent(pathname: string, href: string) {
  return pathname === href || (href !== "/" && pathname.startsWith(`${href}/`));
}

function NavLink({ item, pathname, onNavigate, stacked }: { item: MenuItem; pathname: string; onNavigate?: () => void; stacked?: boolean }) {
  const current = isCurrent(pathname, item.href);
  return (
    <Link
      href={item.href}
      onClick={onNavigate}
      aria-current={current ? "page" : undefined}
      className={clsx(
        "inline-flex min-h-11 items-center gap-2 rounded-md px-2 font-medium whitespace-nowrap hover:bg-accent hover:text-accent-foreground 2xl:px-3",
        // The current page is marked by an underline and weight, not colour alone.
        current && "underline decoration-2 underline-offset-8 font-semibold",
        stacked && "w-full text-lg",
      )}
    >
      {item.label}
      <LinkPending />
    </Link>
  );
}

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex='-1'])";

/** Tab and Shift+Tab go round the panel's controls instead of leaving it for the browser's own. */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

const iconLink = "inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-accent hover:text-accent-foreground";

/** The search link: an icon with a 44 px target, where the header has no room for the box. */
function SearchLink({ pathname, className }: { pathname: string; className?: string }) {
  const current = isCurrent(pathname, "/search");
  return (
    <Link
      href="/search"
      aria-label="Search"
      title="Search"
      aria-current={current ? "page" : undefined}
      className={clsx(iconLink, current && "bg-accent", className)}
    >
      <SearchIcon aria-hidden="true" className="size-6" />
    </Link>
  );
}

/**
 * The bell (docs/product.md §21): a link to the notifications, its number of unread entries shown
 * as a number (not a colour alone) and said in its name: "Notifications, 3 unread".
 */
function NotificationsBell({ pathname, unread, className }: { pathname: string; unread: number; className?: string }) {
  const current = isCurrent(pathname, "/notifications");
  return (
    <Link
      href="/notifications"
      aria-label={bellLabel(unread)}
      title={bellLabel(unread)}
      aria-current={current ? "page" : undefined}
      data-unread={unread}
      className={clsx(iconLink, "relative", current && "bg-accent", className)}
    >
      <BellIcon aria-hidden="true" className="size-6" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-1 -right-1 min-w-6 rounded-full bg-primary px-1 text-center text-base leading-6 font-bold text-primary-foreground"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </Link>
  );
}

/** The header's search box (docs/product.md, Search): a plain GET to /search, which shows the results. */
function HeaderSearch({ className }: { className?: string }) {
  const inputId = useId();
  return (
    <form role="search" aria-label="Search Family Book" action="/search" method="get" className={clsx("min-w-0 flex-1 items-center gap-1", className)}>
      <label htmlFor={inputId} className="sr-only">
        Search memories and answers
      </label>
      <input
        id={inputId}
        name="q"
        type="search"
        required
        maxLength={200}
        placeholder="Search memories and answers"
        autoComplete="off"
        enterKeyHint="search"
        className="min-h-11 w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-ring"
      />
      <button type="submit" aria-label="Search" title="Search" className={clsx(iconLink, "border border-input bg-card")}>
        <SearchIcon aria-hidden="true" className="size-5" />
      </button>
    </form>
  );
}

export function SiteHeader({ signedIn, unreadNotifications = 0 }: { signedIn: boolean; unreadNotifications?: number }) {
  const pathname = usePathname() ?? "/";
  const items = menuItems({ signedIn });
  const signIn = signInItem(pathname);
  const panel = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const close = () => panel.current?.close();

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4 py-2 sm:px-6">
        <Link
          href="/"
          aria-label={`${PRODUCT_NAME} home`}
          className="inline-flex min-h-11 shrink-0 items-center rounded-md text-2xl font-bold tracking-tight whitespace-nowrap text-primary"
        >
          {PRODUCT_NAME}
        </Link>

        <nav aria-label="Main" className="ml-auto hidden items-center justify-end gap-x-1 xl:flex">
          {items.map((item) => (
            <NavLink key={item.href} item={item} pathname={pathname} />
          ))}
          {signedIn && <SearchLink pathname={pathname} className="ml-1" />}
          {signedIn && <NotificationsBell pathname={pathname} unread={unreadNotifications} />}
          {signedIn && (
            <Link
              href={SETTINGS_ITEM.href}
              aria-label={SETTINGS_ITEM.label}
              title={SETTINGS_ITEM.label}
              aria-current={isCurrent(pathname, SETTINGS_ITEM.href) ? "page" : undefined}
              className={clsx(
                "ml-1 inline-flex size-11 items-center justify-center rounded-md hover:bg-accent hover:text-accent-foreground",
                isCurrent(pathname, SETTINGS_ITEM.href) && "bg-accent",
              )}
            >
              <SettingsIcon aria-hidden="true" className="size-6" />
            </Link>
          )}
          {signedIn && <LogoutButton className="ml-1" />}
        </nav>

        {/* Below 1280 px the menu folds away, leaving room for the box (from 768 px) or the link. */}
        {signedIn && pathname !== "/search" && <HeaderSearch className="hidden max-w-md md:flex xl:hidden" />}
        {signedIn && (
          <div className={clsx("ml-auto xl:hidden", pathname === "/search" ? "flex" : "flex md:hidden")}>
            <SearchLink pathname={pathname} />
          </div>
        )}
        {signedIn && <NotificationsBell pathname={pathname} unread={unreadNotifications} className="sm:-ml-2 xl:hidden" />}

        {/* One link at every width: after the menu from 1280 px, beside the menu button below. */}
        {!signedIn && (
          <Link href={signIn.href} className={clsx(buttonVariants({ size: "sm" }), "ml-auto shrink-0 whitespace-nowrap xl:ml-1")}>
            {signIn.label}
            <LinkPending />
          </Link>
        )}

        <button
          ref={opener}
          type="button"
          aria-label="Open menu"
          aria-haspopup="dialog"
          onClick={() => panel.current?.showModal()}
          className="inline-flex size-11 items-center justify-center rounded-md border border-input bg-card hover:bg-accent xl:hidden"
        >
          <MenuIcon aria-hidden="true" className="size-6" />
        </button>

        <dialog
          ref={panel}
          aria-labelledby={titleId}
          onKeyDown={keepFocusInside}
          // A tap on the dimmed page beside the panel closes it.
          onClick={(event) => event.target === event.currentTarget && close()}
          onClose={() => opener.current?.focus()}
          className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-4/5 max-w-sm border-l bg-background p-0 text-foreground shadow-lg backdrop:bg-black/50 open:animate-in open:slide-in-from-right motion-reduce:open:animate-none xl:hidden"
        >
          <div className="flex h-full flex-col gap-4 p-6">
            <h2 id={titleId} className="text-lg font-semibold">
              Menu
            </h2>
            <nav aria-label="Main" className="flex flex-col gap-1">
              {items.map((item) => (
                <NavLink key={item.href} item={item} pathname={pathname} onNavigate={close} stacked />
              ))}
              {signedIn ? (
                <NavLink item={SETTINGS_ITEM} pathname={pathname} onNavigate={close} stacked />
              ) : (
                <NavLink item={signIn} pathname={pathname} onNavigate={close} stacked />
              )}
            </nav>
            {signedIn && <LogoutButton onDone={close} className="mt-2 w-full" />}
            <button type="button" onClick={close} className="absolute top-4 right-4 inline-flex size-11 items-center justify-center rounded-md hover:bg-accent">
              <XIcon aria-hidden="true" className="size-6" />
              <span className="sr-only">Close menu</span>
            </button>
          </div>
        </dialog>
      </div>
    </header>
  );
}
