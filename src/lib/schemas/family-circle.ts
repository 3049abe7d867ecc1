import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "@/lib/schemas/auth";

// The family circle and leaving it (docs/product.md, "The family circle" and "Deleting an account";
// docs/decisions/024-leaving-and-the-circle.md): the messages the person reads, and the bodies.

export * from "@/lib/family-circle-words";

export const NOT_FAMILY_ADMIN = "Only your family's admin can do this.";
export const MEMBER_NOT_FOUND = "Family member not found";
export const LAST_ADMIN_STEP_DOWN = "Your family needs an admin. Make another member admin before you step down.";
export const LAST_ADMIN_LEAVE = "You are your family's only admin. Make another member admin before you leave the family.";
export const LAST_ADMIN_DELETE = "You are your family's only admin. Make another member admin (on the Family Dashboard) before you delete your account.";
export const ONLY_MEMBER_LEAVE = "You are the only member of your family, so there is no family to leave.";
export const ALREADY_ADMIN = "They are already an admin.";
export const ACCOUNT_DELETED = "Your account and everything in it are deleted.";
export const GOOGLE_ACCOUNT_DELETE = "Your account signs in with Google and has no password: we have emailed you a link to confirm the deletion.";
export const DELETE_LINK_INVALID = "This link is not valid. Ask for a new one from Settings.";

export const familyRoleChangeSchema = z.strictObject({
  role: z.enum(["admin", "member"], { error: 'Choose "admin" or "member"' }),
});
export type FamilyRoleChange = z.output<typeof familyRoleChangeSchema>;

/** What happens to what the person shared with the family. */
export const KEEP_CHOICES = ["nothing", "shared_as_former_member", "shared_with_name"] as const;
export type KeepChoice = (typeof KEEP_CHOICES)[number];

export const accountDeletionSchema = z.strictObject({
  keep: z.enum(KEEP_CHOICES, { error: "Choose what happens to what you shared" }),
  password: z.string().max(PASSWORD_MAX_LENGTH, "That password is not right.").optional(),
});
export type AccountDeletion = z.output<typeof accountDeletionSchema>;

export const accountDeletionConfirmSchema = z.strictObject({
  token: z.string({ error: DELETE_LINK_INVALID }).min(1, DELETE_LINK_INVALID).max(300, DELETE_LINK_INVALID),
});
