import { z } from "zod";
import { ALREADY_IN_FAMILY, INVITATION_NOT_FOUND, newInvitationSchema, ONLY_INVITER_OR_ADMIN } from "@/lib/schemas/invitations";
import { INVALID_INVITE, newInviteSchema } from "@/lib/schemas/invites";
import { nextStepsDtoSchema } from "@/server/family/dashboard/get-next-steps";
import { invitationDtoSchema, invitationListDtoSchema } from "@/server/family/email-invitations/invitation-dto";
import { TOO_MANY_WAITING } from "@/server/family/email-invitations/invitation-limits";
import { familyInviteDtoSchema } from "@/server/family/invite-links/family-invite-dto";
import { FAMILY_NOT_FOUND, ONLY_ADMINS } from "@/server/family/invite-links/get-family-invite";
import { BODY_CAPS } from "@/server/platform/http/read-body";
import { idParameter, type Operation } from "./operation";

// The family's invite link (docs/decisions/008-invites.md) and invitations by email
// (docs/decisions/016-invitations-by-email.md).

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
    params: z.object({ code: z.string().meta({ description: "The invite link's `familyId`: an invite code, never a family's id." }) }),
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
  {
    method: "get",
    path: "/family/next-steps",
    tag: "Invites",
    summary: "The dashboard's first steps — write a memory, answer a question, invite someone — and which the caller has taken",
    description:
      "Each step counts only what the caller did: a memory of their own, a submission of their own, an invitation by email they sent " +
      "or a relative who joined the family after them.",
    access: "member",
    answer: {
      status: 200,
      description: "The steps, in the dashboard's order, and how many are done.",
      data: z.strictObject({ next_steps: nextStepsDtoSchema }),
    },
  },
  {
    method: "get",
    path: "/family/invitations",
    tag: "Invites",
    summary: "The family's invitations by email still waiting (pending or expired), for any member",
    description: "Accepted and revoked invitations leave the list. At most 50 wait at once, so the list is not paged.",
    access: "member",
    answer: { status: 200, description: "Newest first.", data: invitationListDtoSchema },
    refusals: { 404: NO_FAMILY },
  },
  {
    method: "post",
    path: "/family/invitations",
    tag: "Invites",
    summary: "Invite a relative by email: first name, email, an optional personal note",
    description:
      "Queues an email naming the inviter and the family, with a personal link `<origin>/register?familyId=<code>` that works once, " +
      "for INVITE_LINK_DAYS, and fills in the register form. Inviting an address that already has an invitation waiting sends that " +
      "one again (a new link; the old one stops). An address with an account elsewhere is still invited: the email and the register " +
      "page tell the person to sign in instead.",
    access: "member",
    body: { media: "application/json", schema: newInvitationSchema, maxBytes: BODY_CAPS.json },
    answer: { status: 201, description: "The invitation, as listed.", data: z.strictObject({ invitation: invitationDtoSchema }) },
    refusals: {
      400: "Invalid input (per field).",
      404: NO_FAMILY,
      409: `"${ALREADY_IN_FAMILY("Ann")}" (on email) for a member of the family, or "${TOO_MANY_WAITING}"`,
      429: "More than 30 invitations by one member, or 3 to one address, in a day.",
    },
  },
  {
    method: "post",
    path: "/family/invitations/{id}/resend",
    tag: "Invites",
    summary: "Send a waiting invitation again, with a new link; the old link stops working",
    access: "member",
    params: idParameter("id", "invitation"),
    answer: { status: 200, description: "The invitation, with its new sent_at and expires_at.", data: z.strictObject({ invitation: invitationDtoSchema }) },
    refusals: { 403: `"${ONLY_INVITER_OR_ADMIN}"`, 404: `"${INVITATION_NOT_FOUND}": unknown, another family's, accepted or revoked.`, 429: "As for sending." },
  },
  {
    method: "delete",
    path: "/family/invitations/{id}",
    tag: "Invites",
    summary: "Revoke an invitation: its link stops working at once",
    access: "member",
    params: idParameter("id", "invitation"),
    answer: { status: 200, description: "The invitation as it was.", data: z.strictObject({ invitation: invitationDtoSchema }) },
    refusals: { 403: `"${ONLY_INVITER_OR_ADMIN}"`, 404: `"${INVITATION_NOT_FOUND}": unknown, another family's, accepted or revoked.` },
  },
];
