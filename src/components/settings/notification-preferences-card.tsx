"use client";

import { useState } from "react";
import { toast } from "sonner";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { apiRequest } from "@/lib/api-client";
import { NOTIFICATION_KINDS, notificationKindTexts, type NotificationKind } from "@/lib/notifications";

// Notifications on the Settings page (docs/product.md §21): for each kind, one switch for the bell
// and one for the daily email. A switch saves at once; if saving fails it goes back and says so.

type Channel = "in_app" | "email";
type Preferences = Record<NotificationKind, Record<Channel, boolean>>;

const channelName: Record<Channel, string> = { in_app: "In the app", email: "By email" };

export function NotificationPreferencesCard({ initial }: { initial: Preferences }) {
  const [preferences, setPreferences] = useState(initial);
  const [saving, setSaving] = useState<string | null>(null);

  async function change(kind: NotificationKind, channel: Channel, on: boolean) {
    setSaving(`${kind}.${channel}`);
    const set = (value: boolean) => setPreferences((current) => ({ ...current, [kind]: { ...current[kind], [channel]: value } }));
    set(on);
    const result = await apiRequest<{ preferences: Preferences }>("/notification-preferences", { method: "PUT", json: { [kind]: { [channel]: on } } });
    setSaving(null);
    if (!result.ok) {
      set(!on);
      toast.error("Error", { description: `Your notification settings could not be saved: ${result.error}` });
      return;
    }
    setPreferences(result.data.preferences);
    toast.success("Notification settings saved", {
      description: `${notificationKindTexts[kind].label}, ${channelName[channel].toLowerCase()}: ${on ? "on" : "off"}.`,
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Notifications</CardTitle>
        <CardDescription className="text-base">
          Choose what the bell tells you about, and what the daily email carries. The email comes at most once a day, with what you have not seen yet.
        </CardDescription>
      </CardHeader>
      <ul className="flex flex-col divide-y">
        {NOTIFICATION_KINDS.map((kind) => {
          const text = notificationKindTexts[kind];
          const id = `notification-preference-${kind}`;
          return (
            <li key={kind} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0">
              <div className="flex flex-col gap-1">
                <h3 id={`${id}-label`} className="text-lg font-medium">
                  {text.label}
                </h3>
                <p id={`${id}-description`} className="text-muted-foreground">
                  {text.description}
                </p>
              </div>
              <div role="group" aria-labelledby={`${id}-label`} className="flex flex-wrap gap-x-8 gap-y-3">
                {(["in_app", "email"] as const).map((channel) => (
                  <div key={channel} className="flex items-center gap-3">
                    <Switch
                      id={`${id}-${channel}`}
                      checked={preferences[kind][channel]}
                      disabled={saving === `${kind}.${channel}`}
                      aria-label={`${text.label}: ${channelName[channel].toLowerCase()}`}
                      aria-describedby={`${id}-description`}
                      onCheckedChange={(on) => void change(kind, channel, on)}
                    />
                    <label htmlFor={`${id}-${channel}`} className="text-base">
                      {channelName[channel]}
                    </label>
                  </div>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
