import Link from "next/link";
import { Button } from "@/components/ui/button";

export default function NotFound() {
  return (
    <div className="flex flex-col items-center gap-6 py-16 text-center">
      <p aria-hidden="true" className="text-7xl font-bold text-muted-foreground">
        404
      </p>
      <h1 className="text-3xl font-bold">Oops! Page not found</h1>
      <Button asChild size="lg">
        <Link href="/">Return to Home</Link>
      </Button>
    </div>
  );
}
