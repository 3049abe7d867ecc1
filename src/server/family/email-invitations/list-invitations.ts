import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { FAMILY_NOT_FOUND } from "@/server/family/invite-links/get-family-invite";
import * as clock from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { notFound } from "@/server/platform/http/app-error";
import type { InvitationDto } from "./invitation-dto";
import { mayManageInvitation, pendingInvitationWhere } from "./invitation-rules";

type Client = Prisma.TransactionClient;

const invitationSelect = {
  id: true,
  first_name: true,
  email: true,
  note: true,
  created_at: true,
  sent_at: true,
  expires_at: true,
  invited_by_id: true,
  invited_by: { select: { id: true, first_name: true, last_name: true } },
} satisfies Prisma.InvitationSelect;

type InvitationRow = Prisma.InvitationGetPayload<{ select: typeof invitationSelect }>;

export async function isFamilyAdmin(client: Client, viewer: UserDto) {
  const row = await client.user.findUnique({ where: { id: viewer.id }, select: { family_role: true } });
  return row?.family_role === "admin";
}

function toInvitationDto(row: InvitationRow, viewer: UserDto, viewerIsAdmin: boolean, now: Date): InvitationDto {
  return {
    id: row.id,
    first_name: row.first_name,
    email: row.email,
    note: row.note,
    status: row.expires_at.getTime() > now.getTime() ? "pending" : "expired",
    invited_by: row.invited_by,
    created_at: row.created_at.toISOString(),
    sent_at: row.sent_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    can_manage: mayManageInvitation(viewer, viewerIsAdmin, row),
  };
}

/** One invitation of the viewer's family, as the dashboard shows it; another family's is not found. */
export async function getInvitation(client: Client, { viewer, id }: { viewer: UserDto; id: string }) {
  if (!viewer.family_id) throw notFound(FAMILY_NOT_FOUND);
  if (!UUID_PATTERN.test(id)) return null;
  const row = await client.invitation.findFirst({ where: { id, family_id: viewer.family_id, ...pendingInvitationWhere }, select: invitationSelect });
  if (!row) return null;
  return toInvitationDto(row, viewer, await isFamilyAdmin(client, viewer), clock.now());
}

/**
 * The family's invitations still waiting for an answer (pending or expired; accepted and revoked
 * ones are gone from the list), newest first. Every member sees them, as every member sees the link.
 */
export async function listInvitations({ viewer }: { viewer: UserDto }): Promise<{ invitations: InvitationDto[] }> {
  if (!viewer.family_id) throw notFound(FAMILY_NOT_FOUND);
  const prisma = await getDb();
  const [rows, viewerIsAdmin] = await Promise.all([
    prisma.invitation.findMany({
      where: { family_id: viewer.family_id, ...pendingInvitationWhere },
      select: invitationSelect,
      orderBy: [{ created_at: "desc" }, { id: "desc" }],
      take: 100,
    }),
    isFamilyAdmin(prisma, viewer),
  ]);
  const now = clock.now();
  return { invitations: rows.map((row) => toInvitationDto(row, viewer, viewerIsAdmin, now)) };
}
