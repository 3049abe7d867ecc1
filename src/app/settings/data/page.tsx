import type { Metadata } from "next";
import Link from "next/link";
import { YourDataCard } from "@/components/settings/your-data-card";
import { requireUserOrRedirect } from "@/server/accounts/auth/current-user";
import { getDb } from "@/server/platform/db/client";
import { listPreparedExports } from "@/server/book/exports/prepared-exports";

export const metadata: Metadata = { title: "Your data" };

export default async function YourDataPage() {
  const user = await requireUserOrRedirect("/settings/data");
  const prisma = await getDb();
  const [row, { exports, storage }] = await Promise.all([
    prisma.user.findUnique({ where: { id: user.id }, select: { family_role: true, family_id: true } }),
    listPreparedExports(user),
  ]);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <p>
        <Link href="/settings" className="inline-flex min-h-11 items-center text-primary underline underline-offset-4">
          Back to Settings
        </Link>
      </p>
      <h1 className="text-3xl font-bold">Your data</h1>
      <YourDataCard isFamilyAdmin={Boolean(row?.family_id) && row?.family_role === "admin"} initialExports={exports} initialStorage={storage} />
    </div>
  );
}
