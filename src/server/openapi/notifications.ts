import { z } from "zod";
import { MARK_READ_RULE, markReadSchema, notificationPreferencesChangeSchema, notificationPreferencesSchema } from "@/lib/schemas/notifications";
import { pageSchema } from "@/lib/schemas/paging";
import { notificationDtoSchema } from "@/server/news/notifications/list-notifications";
import { BODY_CAPS } from "@/server/platform/http/read-body";
import type { Operation } from "./operation";

// Notifications (docs/product.md §21, docs/decisions/029-notifications.md).

const unread = z.number().int().meta({ description: "How many entries are unread: the bell's number." });

export const notificationOperations: Operation[] = [
  {
    method: "get",
    path: "/notifications",
    tag: "Notifications",
    summary: "The member's notifications, newest first, a page at a time",
    description:
      "Comments on the member's items, replies after theirs, reactions (one entry per item and kind), follow-up questions and relatives joining. " +
      "An entry shows only while its item is open to the member and the one who caused it is in their family; kinds turned off in the app are left out.",
    access: "member",
    query: pageSchema,
    answer: {
      status: 200,
      description: "One page, and the unread count.",
      data: z.strictObject({ notifications: z.array(notificationDtoSchema), next_cursor: z.guid().nullable(), unread_count: unread }),
    },
    refusals: { 400: "A limit or cursor that cannot be used (on that field)." },
  },
  {
    method: "get",
    path: "/notifications/unread-count",
    tag: "Notifications",
    summary: "How many of the member's notifications are unread",
    access: "member",
    answer: { status: 200, description: "The count.", data: z.strictObject({ unread_count: unread }) },
  },
  {
    method: "post",
    path: "/notifications/read",
    tag: "Notifications",
    summary: "Mark notifications read: some by id, or all",
    description: "Only the member's own change; an id of someone else's changes nothing. Marking an entry's id marks the whole entry.",
    access: "member",
    body: { media: "application/json", schema: markReadSchema, maxBytes: BODY_CAPS.json },
    answer: { status: 200, description: "The unread count now.", data: z.strictObject({ unread_count: unread }) },
    refusals: { 400: `"${MARK_READ_RULE}"` },
  },
  {
    method: "get",
    path: "/notification-preferences",
    tag: "Notifications",
    summary: "Which notifications the member gets, in the app and by email",
    description: "Every kind is on until turned off. The email switch of member_joined is the “New relatives” email's (GET /email-preferences).",
    access: "member",
    answer: { status: 200, description: "Every kind.", data: z.strictObject({ preferences: notificationPreferencesSchema }) },
  },
  {
    method: "put",
    path: "/notification-preferences",
    tag: "Notifications",
    summary: "Turn kinds of notification on or off, in the app or by email",
    access: "member",
    body: { media: "application/json", schema: notificationPreferencesChangeSchema, maxBytes: BODY_CAPS.json },
    answer: { status: 200, description: "Every kind, as it now is.", data: z.strictObject({ preferences: notificationPreferencesSchema }) },
    refusals: { 400: "An unknown kind, or a switch that is not true or false (on that field)." },
  },
];
