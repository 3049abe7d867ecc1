// What the admin is told after removing someone from the family (docs/product.md, "The family
// circle"; docs/decisions/024-leaving-and-the-circle.md), shared by DELETE /api/family/members/{id}
// and the dashboard's toast. No zod here, so the dashboard loads none (lib/schemas/family-circle.ts
// re-exports it beside its schemas).

export type RemovalOutcome = { invite_link_replaced: boolean; invitations_revoked: number };

export const memberRemovedLine = (name: string) => `${name} was removed from the family`;

export const INVITE_LINK_REPLACED =
  "The family's invite link has been replaced, so the old one no longer works: share the new one with relatives you still want to invite.";

export function invitationsRevokedLine(count: number) {
  return count === 1
    ? "The invitation they sent that was still waiting has been revoked."
    : `The ${count} invitations they sent that were still waiting have been revoked.`;
}

/** What the removal changed besides the circle itself, or null when it changed nothing else. */
export function removalNotes(outcome: RemovalOutcome) {
  const notes = [
    outcome.invite_link_replaced ? INVITE_LINK_REPLACED : null,
    outcome.invitations_revoked > 0 ? invitationsRevokedLine(outcome.invitations_revoked) : null,
  ];
  return notes.filter((note) => note !== null).join(" ") || null;
}

/** "Bob Hughes was removed from the family. The family's invite link has been replaced, …" */
export function memberRemovedMessage(name: string, outcome: RemovalOutcome) {
  return [`${memberRemovedLine(name)}.`, removalNotes(outcome)].filter((part) => part !== null).join(" ");
}

export const LEFT_FAMILY = "You have left the family. You are now the admin of a family of your own.";
