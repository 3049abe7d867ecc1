import { z } from "zod";
import { WRONG_PASSWORD } from "@/lib/schemas/email-address";
import {
  ACCOUNT_DELETED,
  accountDeletionConfirmSchema,
  accountDeletionSchema,
  ALREADY_ADMIN,
  DELETE_LINK_INVALID,
  familyRoleChangeSchema,
  LAST_ADMIN_DELETE,
  LAST_ADMIN_LEAVE,
  LAST_ADMIN_STEP_DOWN,
  MEMBER_NOT_FOUND,
  NOT_FAMILY_ADMIN,
  ONLY_MEMBER_LEAVE,
} from "@/lib/schemas/family-circle";
import { familyMemberDtoSchema, memberRemovalDtoSchema } from "@/server/family/members/family-member-dto";
import { BODY_CAPS } from "@/server/platform/http/read-body";
import { idParameter, type Operation } from "./operation";

// The family circle and deleting an account (docs/product.md, "The family circle" and "Deleting an
// account"; docs/decisions/024-leaving-and-the-circle.md).

const CLEARED_COOKIE = { "Set-Cookie": "fb_session cleared: the account is gone." };

const deletionOutcomeSchema = z.union([
  z.strictObject({ deleted: z.literal(true), message: z.literal(ACCOUNT_DELETED) }).meta({ description: "Deleted, with every session." }),
  z
    .strictObject({ deleted: z.literal(false), emailed: z.literal(true) })
    .meta({ description: "An account without a password: a confirmation link was emailed." }),
]);

export const familyCircleOperations: Operation[] = [
  {
    method: "patch",
    path: "/family/members/{id}",
    tag: "Family circle",
    summary: "The admin makes a member admin, or an admin a member again",
    description: "An admin may step down (their own id) once another member is admin: a family with members always has an admin.",
    access: "member",
    params: idParameter("id", "family member"),
    body: { media: "application/json", schema: familyRoleChangeSchema, maxBytes: BODY_CAPS.json },
    answer: { status: 200, description: "The member as they are now.", data: z.strictObject({ member: familyMemberDtoSchema }) },
    refusals: {
      400: 'On role: `Choose "admin" or "member"`.',
      403: `"${NOT_FAMILY_ADMIN}"`,
      404: `"${MEMBER_NOT_FOUND}": not in the caller's family.`,
      409: `"${LAST_ADMIN_STEP_DOWN}", or "${ALREADY_ADMIN}"`,
    },
  },
  {
    method: "delete",
    path: "/family/members/{id}",
    tag: "Family circle",
    summary: "The admin removes a member from the family; with their own id, a member leaves it",
    description:
      "The person keeps their account and everything they wrote, and starts a family of their own (they are its admin). What they shared leaves the Family Book with them; " +
      "tags between them and the family become plain text (`tagged_user_id` null, the name kept). " +
      "Removing someone also replaces the family's open invite link (the old one stops working at once) and revokes the invitations by email they sent that are still waiting, " +
      "so they cannot rejoin through either; leaving of one's own accord changes neither.",
    access: "member",
    params: idParameter("id", "family member"),
    answer: {
      status: 200,
      description: "The caller's family now (the one they removed someone from, or the new one they left for), and what else changed.",
      data: memberRemovalDtoSchema,
    },
    refusals: {
      403: `"${NOT_FAMILY_ADMIN}": removing someone else.`,
      404: `"${MEMBER_NOT_FOUND}"`,
      409: `Leaving: "${LAST_ADMIN_LEAVE}", or "${ONLY_MEMBER_LEAVE}"`,
    },
  },
  {
    method: "post",
    path: "/account/delete",
    tag: "Accounts",
    summary: "Delete the signed-in account and everything of it",
    description:
      '`keep` says what happens to what the person shared with the family: `nothing` (deleted too), `shared_as_former_member` (stays, shown as "A former member"), ' +
      "`shared_with_name` (stays under their name). Either way the kept items hold no link to the account. An account with a password confirms with it; " +
      "one without (Google) is emailed a link to `<APP_URL>/delete-account?token=…`, which works for an hour.",
    access: "member",
    body: { media: "application/json", schema: accountDeletionSchema, maxBytes: BODY_CAPS.credentials },
    answer: { status: 200, description: "Deleted, or the link emailed.", data: deletionOutcomeSchema, headers: CLEARED_COOKIE },
    refusals: {
      400: `"${WRONG_PASSWORD}" (on password), or a missing choice (on keep).`,
      409: `"${LAST_ADMIN_DELETE}"`,
      429: "Too many attempts for this account.",
    },
  },
  {
    method: "post",
    path: "/account/delete/confirm",
    tag: "Accounts",
    summary: "Delete an account by the link emailed to an account without a password",
    access: "public",
    body: { media: "application/json", schema: accountDeletionConfirmSchema, maxBytes: BODY_CAPS.credentials },
    answer: {
      status: 200,
      description: "Deleted.",
      data: z.strictObject({ deleted: z.literal(true), message: z.literal(ACCOUNT_DELETED) }),
      headers: CLEARED_COOKIE,
    },
    refusals: { 400: `"${DELETE_LINK_INVALID}" (changed, expired, or the account is already gone).`, 409: `"${LAST_ADMIN_DELETE}"` },
  },
];
