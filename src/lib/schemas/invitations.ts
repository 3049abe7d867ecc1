import { z } from "zod";
import { INVITATION_NOTE_MAX } from "@/lib/invite-words";
import { emailField } from "./auth";
import { plainText } from "./text";

// Invitations by email (docs/decisions/016-invitations-by-email.md): the dashboard's form and
// POST /api/family/invitations share these rules and messages.

export { INVITATION_NOTE_MAX };

export const newInvitationSchema = z
  .object({
    first_name: z
      .string({ error: "First name is required" })
      .trim()
      .min(1, "First name is required")
      .max(100, "First name must be at most 100 characters")
      .superRefine(plainText("First name")),
    email: emailField,
    note: z
      .string()
      .trim()
      .max(INVITATION_NOTE_MAX, `A personal note can be at most ${INVITATION_NOTE_MAX} characters`)
      .superRefine(plainText("The personal note", "multi-line"))
      .optional()
      .nullable()
      .transform((value) => (value ? value : null)),
  })
  .strict();

export type NewInvitationInput = z.input<typeof newInvitationSchema>;
export type NewInvitationValues = z.output<typeof newInvitationSchema>;

export const ALREADY_IN_FAMILY = (firstName: string) => `${firstName} is already in your family.`;
export const INVITATION_NOT_FOUND = "Invitation not found";
export const ONLY_INVITER_OR_ADMIN = "Only the person who sent an invitation or a family admin can resend or revoke it.";
export const INVITATION_ACCEPTED = "This invitation has already been accepted.";
