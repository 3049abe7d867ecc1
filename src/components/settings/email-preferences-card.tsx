"use client";

import { useState } from "react";
import { toast } from "sonner";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { apiRequest } from "@/lib/api-client";
import { EMAIL_PREFERENCE_KINDS, emailPreferenceTexts, type EmailPreferenceKind } from "@/lib/email-preferences";
import type { EmailPreferences } from "@/lib/schemas/email-preferences";

// One switch per kind of email a member may turn off (docs/product.md §11). A switch saves at
// once; if saving fails it goes back to what is saved and says so.

export function EmailPreferencesCard({ initial }: { initial: EmailPreferences }) {
  const [preferences, setPreferences] = useState(initial);
  const [saving, setSaving] = useState<EmailPreferenceKind | null>(null);

  async function change(kind: EmailPreferenceKind, enabled: boolean) {
    setSaving(kind);
    setPreferences((current) => ({ ...current, [kind]: enabled }));
    const result = await apiRequest<{ preferences: EmailPreferences }>("/email-preferences", { method: "PATCH", json: { [kind]: enabled } });
    setSaving(null);
    if (!result.ok) {
      setPreferences((current) => ({ ...current, [kind]: !enabled }));
      toast.error("Error", { description: `Your email settings could not be saved: ${result.error}` });
      return;
    }
    setPreferences(result.data.preferences);
    const label = emailPreferenceTexts[kind].label;
    toast.success("Email settings saved", { description: enabled ? `${label}: on.` : `${label}: off.` });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Emails</CardTitle>
        <CardDescription className="text-base">
          Choose which emails Family Book sends you. Emails about your account, such as a link to choose a new password, and invitations from your relatives are
          always sent.
        </CardDescription>
      </CardHeader>
      <ul className="flex flex-col divide-y">
        {EMAIL_PREFERENCE_KINDS.map((kind) => {
          const text = emailPreferenceTexts[kind];
          const id = `email-preference-${kind}`;
          return (
            <li key={kind} className="flex items-start justify-between gap-4 py-4 first:pt-0 last:pb-0">
              <div className="flex flex-col gap-1">
                <label htmlFor={id} className="text-lg font-medium">
                  {text.label}
                </label>
                <p id={`${id}-description`} className="text-muted-foreground">
                  {text.description}
                </p>
              </div>
              <Switch
                id={id}
                className="mt-1"
                checked={preferences[kind]}
                disabled={saving === kind}
                aria-describedby={`${id}-description`}
                onCheckedChange={(enabled) => void change(kind, enabled)}
              />
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
