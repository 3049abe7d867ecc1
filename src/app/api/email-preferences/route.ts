// GET   /api/email-preferences – which kinds of email the member gets
// PATCH /api/email-preferences – turn kinds of email on or off
import { emailPreferencesChangeSchema } from "@/lib/schemas/email-preferences";
import { changeEmailPreferences } from "@/server/accounts/email-preferences/change-email-preferences";
import { readEmailPreferences } from "@/server/accounts/email-preferences/read-email-preferences";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { authenticatedRoute, readJson } from "@/server/platform/http/route";

export const GET = authenticatedRoute(async ({ user }) => ok({ preferences: await readEmailPreferences({ userId: user.id }) }));

export const PATCH = authenticatedRoute(async ({ request, user }) => {
  const changes = emailPreferencesChangeSchema.parse(await readJson(request));
  return ok({ preferences: await changeEmailPreferences({ userId: user.id, changes }) });
});

export const { POST, PUT, DELETE, OPTIONS } = otherMethods("GET", "PATCH");
