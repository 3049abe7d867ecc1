import { z } from "zod";
import { INVALID_INVITE, newInviteSchema } from "@/lib/schemas/invites";
import { BODY_CAPS } from "@/server/http/read-body";
import { familyInviteDtoSchema } from "@/server/invites/family-invite-dto";
import { FAMILY_NOT_FOUND, ONLY_ADMINS } from "@/server/invites/get-family-invite";
import type { Operation } from "./operation";

// The family's invite link (docs/decisions/008-invites.md).

const NO_FAMILY = `"${FAMILY_NOT_FOUND}": the caller belongs to no family.`;

export const inviteOperations: Operation[] = [
  {
    method: "get",
    path: "/family/invite",
    tag: "Invites",
    summary: "The family's invite link, for any member",
    access: "member",
    answer: { status: 200, description: "The link and who may manage it.", data: familyInviteDtoSchema },
    refusals: { 404: NO_FAMILY },
  },
  {
    method: "post",
    path: "/family/invite",
    tag: "Invites",
    summary: "An admin issues a new link; the old one stops working at once",
    description: "Also reopens a closed link. Without a body (or without expires_in_days) the link works for INVITE_LINK_DAYS (default 30).",
    access: "member",
    body: { media: "application/json", schema: newInviteSchema, maxBytes: BODY_CAPS.json, optional: true },
    answer: { status: 201, description: "The new link.", data: familyInviteDtoSchema },
    refusals: { 400: '"A link works for 1 to 365 days" (on expires_in_days).', 403: `"${ONLY_ADMINS}"`, 404: NO_FAMILY },
  },
  {
    method: "delete",
    path: "/family/invite",
    tag: "Invites",
    summary: "An admin closes the link; nobody can join until a new one is issued",
    access: "member",
    answer: { status: 200, description: 'The family\'s link, now `status: "closed"`.', data: familyInviteDtoSchema },
    refusals: { 403: `"${ONLY_ADMINS}"`, 404: NO_FAMILY },
  },
  {
    method: "get",
    path: "/invites/{code}",
    tag: "Invites",
    summary: "Whose family an invite is for and who sent it, before anyone accepts it",
    access: "public",
    params: z.object({ code: z.string().meta({ description: "The invite link's `familyId`." }) }),
    answer: {
      status: 200,
      description: "The family's name and the inviter's first name, nothing more.",
      data: z.strictObject({ invite: z.strictObject({ family_name: z.string().nullable(), invited_by: z.string().nullable() }) }),
    },
    refusals: { 404: `"${INVALID_INVITE}": unknown, expired or closed.`, 429: "More than 60 lookups from one address in 15 minutes." },
  },
  {
    method: "delete",
    path: "/invites/remembered",
    tag: "Invites",
    summary: "Forget the invite this browser arrived through (the fb_invite cookie)",
    access: "public",
    answer: { status: 200, description: "Forgotten.", data: z.strictObject({ forgotten: z.literal(true) }) },
  },
];
