import "server-only";
import type { EmailPreferenceKind } from "@/lib/email-preferences";
import type { EmailPreferences, EmailPreferencesChange } from "@/lib/schemas/email-preferences";
import { getDb } from "@/server/platform/db/client";
import { readEmailPreferences } from "./read-email-preferences";

/** Turns kinds of email on or off for one member; answers every kind as it now is. */
export async function changeEmailPreferences({ userId, changes }: { userId: string; changes: EmailPreferencesChange }): Promise<EmailPreferences> {
  const prisma = await getDb();
  const entries = Object.entries(changes).filter((entry): entry is [EmailPreferenceKind, boolean] => typeof entry[1] === "boolean");
  await prisma.$transaction(
    entries.map(([kind, enabled]) =>
      prisma.emailPreference.upsert({
        where: { user_id_kind: { user_id: userId, kind } },
        create: { user_id: userId, kind, enabled },
        update: { enabled },
      }),
    ),
  );
  return readEmailPreferences({ userId });
}
