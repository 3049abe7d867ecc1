import "server-only";
import { EMAIL_PREFERENCE_KINDS, type EmailPreferenceKind } from "@/lib/email-preferences";
import type { EmailPreferences } from "@/lib/schemas/email-preferences";
import { getDb } from "@/server/platform/db/client";

// Every kind of email is on until the member turns it off (a row with enabled = false).

export async function readEmailPreferences({ userId }: { userId: string }): Promise<EmailPreferences> {
  const prisma = await getDb();
  const rows = await prisma.emailPreference.findMany({ where: { user_id: userId }, select: { kind: true, enabled: true } });
  const saved = new Map(rows.map((row) => [row.kind, row.enabled]));
  return Object.fromEntries(EMAIL_PREFERENCE_KINDS.map((kind) => [kind, saved.get(kind) ?? true])) as EmailPreferences;
}

/** Whether this member still wants this kind of email; asked again just before each one is sent. */
export async function wantsEmail({ userId, kind }: { userId: string; kind: EmailPreferenceKind }) {
  const prisma = await getDb();
  const row = await prisma.emailPreference.findUnique({ where: { user_id_kind: { user_id: userId, kind } }, select: { enabled: true } });
  return row?.enabled ?? true;
}
