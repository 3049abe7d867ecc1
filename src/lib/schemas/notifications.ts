import { z } from "zod";
import { NOTIFICATION_KINDS, NOTIFICATIONS_MAX_IDS, type NotificationKind } from "@/lib/notifications";

// Notifications (docs/product.md §21): what the API takes.

export const MARK_READ_RULE = `Send "all": true, or "ids" with 1 to ${NOTIFICATIONS_MAX_IDS} notification ids.`;

/** POST /api/notifications/read: some entries, or all of them. */
export const markReadSchema = z.union(
  [
    z.strictObject({ all: z.literal(true, { error: MARK_READ_RULE }) }),
    z.strictObject({
      ids: z
        .array(z.guid({ error: "ids must be notification ids." }), { error: MARK_READ_RULE })
        .min(1, MARK_READ_RULE)
        .max(NOTIFICATIONS_MAX_IDS, MARK_READ_RULE),
    }),
  ],
  { error: MARK_READ_RULE },
);

const kindSwitches = z.strictObject({
  in_app: z.boolean({ error: "in_app must be true or false" }).optional(),
  email: z.boolean({ error: "email must be true or false" }).optional(),
});

/** PUT /api/notification-preferences: for some kinds, in the app and/or by email, on or off. */
export const notificationPreferencesChangeSchema = z
  .strictObject(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, kindSwitches.optional()])) as Record<NotificationKind, z.ZodOptional<typeof kindSwitches>>,
    { error: (issue) => (issue.code === "unrecognized_keys" ? `There is no kind of notification called ${issue.keys.join(", ")}.` : undefined) },
  )
  .refine((changes) => Object.keys(changes).length > 0, "Say which kind of notification to turn on or off.");
export type NotificationPreferencesChange = z.output<typeof notificationPreferencesChangeSchema>;

export const notificationPreferencesSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.strictObject({ in_app: z.boolean(), email: z.boolean() })])) as Record<
    NotificationKind,
    z.ZodObject<{ in_app: z.ZodBoolean; email: z.ZodBoolean }>
  >,
);
export type NotificationPreferences = z.output<typeof notificationPreferencesSchema>;
