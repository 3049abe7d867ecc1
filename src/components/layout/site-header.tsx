"use client";

import { MenuIcon } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { PRODUCT_NAME } from "@/lib/constants";
import { cn } from "@/lib/cn";
import { LogoutButton } from "./logout-button";
import { menuItems, type MenuItem } from "./menu-items";

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
      className={cn(
        "inline-flex min-h-11 items-center rounded-md px-2 font-medium hover:bg-accent hover:text-accent-foreground lg:px-3",
        // The current page is marked by an underline and weight, not colour alone.
        current && "underline decoration-2 underline-offset-8 font-semibold",
        stacked && "w-full text-lg",
      )}
    >
      {item.label}
    </Link>
  );
}

export function SiteHeader({ signedIn }: { signedIn: boolean }) {
  const pathname = usePathname() ?? "/";
  const [open, setOpen] = useState(false);
  const items = menuItems({ signedIn });
  const close = () => setOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2 sm:px-6">
        <Link
          href="/"
          aria-label={`${PRODUCT_NAME} home`}
          className="inline-flex min-h-11 items-center rounded-md text-2xl font-bold tracking-tight text-primary"
        >
          {PRODUCT_NAME}
        </Link>

        <nav aria-label="Main" className="hidden flex-wrap items-center justify-end gap-x-1 md:flex">
          {items.map((item) => (
            <NavLink key={item.href} item={item} pathname={pathname} />
          ))}
          {signedIn && <LogoutButton className="ml-2" />}
        </nav>

        <Sheet open={open} onOpenChange={setOpen}>
          <SheetTrigger
            className="inline-flex size-11 items-center justify-center rounded-md border border-input bg-card hover:bg-accent md:hidden"
            aria-label="Open menu"
          >
            <MenuIcon aria-hidden="true" className="size-6" />
          </SheetTrigger>
          <SheetContent side="right">
            <SheetTitle>Menu</SheetTitle>
            <SheetDescription className="sr-only">Pages of {PRODUCT_NAME}</SheetDescription>
            <nav aria-label="Main" className="flex flex-col gap-1">
              {items.map((item) => (
                <NavLink key={item.href} item={item} pathname={pathname} onNavigate={close} stacked />
              ))}
            </nav>
            {signedIn && <LogoutButton onDone={close} className="mt-2 w-full" />}
          </SheetContent>
        </Sheet>
      </div>
    </header>
  );
}
