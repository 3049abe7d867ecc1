import { z } from "zod";

// An invitation by email as the family sees it on the dashboard (GET /api/family/invitations).
// The code itself never comes out: it travels only in the email.

export const invitationDtoSchema = z.strictObject({
  id: z.guid(),
  first_name: z.string(),
  email: z.string(),
  note: z.string().nullable(),
  status: z.enum(["pending", "expired"]).meta({ description: "pending: the link in the email works; expired: its time ran out (Resend sends a new one)." }),
  invited_by: z.strictObject({ id: z.guid(), first_name: z.string(), last_name: z.string() }).nullable(),
  created_at: z.iso.datetime(),
  sent_at: z.iso.datetime().meta({ description: "When the latest email was sent (Resend sends a new link)." }),
  expires_at: z.iso.datetime(),
  can_manage: z.boolean().meta({ description: "Whether the viewer may resend or revoke it: whoever sent it, and the family's admins." }),
});

export type InvitationDto = z.output<typeof invitationDtoSchema>;

export const invitationListDtoSchema = z.strictObject({ invitations: z.array(invitationDtoSchema) });
