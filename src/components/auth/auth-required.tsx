import { LockIcon } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { signInHref } from "@/lib/next-path";

/**
 * The prompt pages for signed-in members show to anonymous visitors (docs/product.md §1). Signing
 * in or registering from it comes back to `path`, the page that asked.
 */
export function AuthRequired({ heading, message, path }: { heading: string; message: string; path: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <h1 className="text-3xl font-bold">{heading}</h1>
      <Card role="region" aria-labelledby="auth-required-title">
        <CardHeader>
          <span className="mb-1 inline-flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
            <LockIcon aria-hidden="true" className="size-6" />
          </span>
          <CardTitle as="h2" id="auth-required-title">
            Authentication Required
          </CardTitle>
          <CardDescription className="text-base">{message}</CardDescription>
        </CardHeader>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link href={signInHref(path)}>Sign In</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href={signInHref(path, "register")}>Register</Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}
