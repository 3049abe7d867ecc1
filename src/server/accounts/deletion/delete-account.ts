import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { fullName } from "@/lib/people";
import { UUID_PATTERN } from "@/lib/schemas/auth";
import { WRONG_PASSWORD } from "@/lib/schemas/email-address";
import { ACCOUNT_DELETED, DELETE_LINK_INVALID, LAST_ADMIN_DELETE, type KeepChoice } from "@/lib/schemas/family-circle";
import { emailAddressRules } from "@/server/accounts/auth/email-verification";
import { spendPasswordCheckTime, verifyPassword } from "@/server/accounts/auth/password";
import { passwordResetRules } from "@/server/accounts/auth/password-reset-limits";
import { registrationRules } from "@/server/accounts/auth/registration-limits";
import { signInRules } from "@/server/accounts/auth/sign-in-throttle";
import type { UserDto } from "@/server/accounts/users/user-dto";
import { invitationRules } from "@/server/family/email-invitations/invitation-limits";
import { detachFromFamily, lockFamily } from "@/server/family/members/family-circle";
import { uploadSlotsByUser } from "@/server/memories/create-photo-upload";
import { PHOTO_KEYS_SELECT, photoKeys } from "@/server/memories/photo-pipeline";
import { now as clockNow } from "@/server/platform/clock";
import { getDb } from "@/server/platform/db/client";
import { getAuthSecret } from "@/server/platform/env";
import { AppError } from "@/server/platform/http/app-error";
import { clearCount, countAndLimit, type RateLimitRule } from "@/server/platform/http/rate-limit";
import { getStorage } from "@/server/platform/storage";
import { deleteObjects } from "@/server/platform/storage/stored-objects";
import { recordingObjectKeys } from "@/server/recordings/playable-copy";

// Deleting an account (docs/product.md, "Deleting an account"; docs/decisions/024-leaving-and-the-circle.md).
// Everything of the person goes: their rows, their photos' objects in storage, their pending
// uploads, links and emails. What they shared with the family stays only if they choose so,
// then with no link to them: under the name they leave on it, or as "A former member".

export const accountDeletionRule = {
  name: "delete-account",
  limit: 5,
  windowSeconds: 15 * 60,
  message: (minutes: number) => `Too many attempts to delete the account. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
} satisfies RateLimitRule;

/** How long the emailed link of an account without a password confirms a deletion. */
export const DELETE_LINK_LIFETIME_MS = 60 * 60 * 1000;
const PURPOSE = "family-book/delete-account/v1";

function signatureOf(userId: string, keep: KeepChoice, expires: number) {
  return createHmac("sha256", getAuthSecret()).update(`${PURPOSE}\n${userId}\n${keep}\n${expires}`).digest("base64url");
}

/** The token of the emailed confirmation: the account, the choice made, the expiry, signed. */
export function deletionToken(userId: string, keep: KeepChoice, now: Date) {
  const expires = now.getTime() + DELETE_LINK_LIFETIME_MS;
  return `${userId}.${keep}.${expires}.${signatureOf(userId, keep, expires)}`;
}

/** The account and choice a token confirms, or null for anything not signed by us or expired. */
export function readDeletionToken(token: string, now: Date): { userId: string; keep: KeepChoice } | null {
  if (token.length > 300) return null;
  const [userId, keep, expiresText, signature, ...rest] = token.split(".");
  if (rest.length > 0 || !userId || !signature || !expiresText || !UUID_PATTERN.test(userId) || !/^\d{1,15}$/.test(expiresText)) return null;
  if (keep !== "nothing" && keep !== "shared_as_former_member" && keep !== "shared_with_name") return null;
  const expires = Number(expiresText);
  const expected = Buffer.from(signatureOf(userId, keep, expires));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (expires <= now.getTime()) return null;
  return { userId, keep };
}

export type DeletionOutcome = { deleted: true; message: string } | { deleted: false; emailed: true };

/**
 * Checks that it is the person (their password), then deletes. An account without a password
 * (Google) is sent a link instead; following it deletes (deleteAccountByToken).
 */
export async function requestAccountDeletion({
  viewer,
  keep,
  password,
  sendLink,
}: {
  viewer: UserDto;
  keep: KeepChoice;
  password: string | undefined;
  sendLink: (token: string) => Promise<void>;
}): Promise<DeletionOutcome> {
  await countAndLimit(accountDeletionRule, viewer.id);
  const prisma = await getDb();
  const account = await prisma.user.findUnique({ where: { id: viewer.id }, select: { password_hash: true } });
  if (!account) throw new AppError("UNAUTHORIZED", "Please sign in again.");
  if (!account.password_hash) {
    await spendPasswordCheckTime(password ?? "");
    // The family's rule is checked now too, so the person learns it before waiting for an email.
    await assertMayDelete(viewer.id);
    await sendLink(deletionToken(viewer.id, keep, clockNow()));
    return { deleted: false, emailed: true };
  }
  if (!password || !(await verifyPassword(password, account.password_hash))) throw new AppError("BAD_REQUEST", WRONG_PASSWORD, { password: [WRONG_PASSWORD] });
  await deleteAccount({ userId: viewer.id, keep });
  return { deleted: true, message: ACCOUNT_DELETED };
}

/** Following the emailed link. The link is the proof; it works once, since the account is then gone. */
export async function deleteAccountByToken({ token, now = clockNow() }: { token: string; now?: Date }) {
  const subject = readDeletionToken(token, now);
  if (!subject) throw new AppError("BAD_REQUEST", DELETE_LINK_INVALID);
  const prisma = await getDb();
  const exists = await prisma.user.findUnique({ where: { id: subject.userId }, select: { id: true } });
  if (!exists) throw new AppError("BAD_REQUEST", DELETE_LINK_INVALID);
  await deleteAccount(subject);
  return { deleted: true as const, message: ACCOUNT_DELETED };
}

async function assertMayDelete(userId: string) {
  const prisma = await getDb();
  await prisma.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { family_id: true } });
    if (user?.family_id) lastAdminRule(await lockFamily(tx, user.family_id), userId);
  });
}

const isOnlyAdminOfOthers = (members: { id: string; family_role: string }[], userId: string) =>
  members.find((member) => member.id === userId)?.family_role === "admin" &&
  members.filter((member) => member.family_role === "admin").length === 1 &&
  members.length > 1;

function lastAdminRule(members: { id: string; family_role: string }[], userId: string) {
  if (isOnlyAdminOfOthers(members, userId)) throw new AppError("CONFLICT", LAST_ADMIN_DELETE);
}

/**
 * What keeps the person from deleting their account now, said before they start (Settings shows
 * it at once): the family's only admin hands over first. Null when nothing does. The deletion
 * itself checks again under the family's lock.
 */
export async function accountDeletionBlocker(viewer: Pick<UserDto, "id" | "family_id">): Promise<string | null> {
  if (!viewer.family_id) return null;
  const prisma = await getDb();
  const members = await prisma.user.findMany({ where: { family_id: viewer.family_id }, select: { id: true, family_role: true } });
  return isOnlyAdminOfOthers(members, viewer.id) ? LAST_ADMIN_DELETE : null;
}

/**
 * The deletion itself, in one transaction that first locks the family's members (as every change
 * to the circle does): an admin handing over at this moment is waited for, and of two deletions
 * at once the second finds nothing left. The storage objects go once the rows are gone.
 */
export async function deleteAccount({ userId, keep }: { userId: string; keep: KeepChoice }) {
  const prisma = await getDb();
  const deleted = await prisma.$transaction(
    async (tx) => {
      const found = await tx.user.findUnique({ where: { id: userId }, select: { family_id: true } });
      if (!found) throw new AppError("UNAUTHORIZED", "Please sign in again.");
      const familyId = found.family_id;
      const members = familyId ? await lockFamily(tx, familyId) : [];
      // Re-read under the lock: a parallel deletion may have finished meanwhile.
      const user = await tx.user.findUnique({ where: { id: userId }, select: { first_name: true, last_name: true, email_normalized: true, family_id: true } });
      if (!user) throw new AppError("UNAUTHORIZED", "Please sign in again.");
      if (user.family_id !== familyId) throw new AppError("CONFLICT", "Your family changed meanwhile. Please try again.");
      lastAdminRule(members, userId);
      const alone = members.length <= 1;
      // Every recording that may go with them — of their memories, their answers, and the answers
      // to questions on either — read before anything changes: those still there at the end stayed
      // with the family, the files of the rest go (docs/decisions/041-voice-recordings.md).
      const theirSubmissions = alone && familyId ? { OR: [{ user_id: userId }, { family_id: familyId }] } : { user_id: userId };
      const theirMemories = alone && familyId ? { OR: [{ user_id: userId }, { family_id: familyId }] } : { user_id: userId };
      const theirStories = [{ memory: theirMemories }, { response: { submission: theirSubmissions } }];
      const recordings = await tx.recording.findMany({
        where: { OR: [...theirStories, { follow_up: { OR: theirStories } }] },
        select: { id: true, original_key: true },
      });

      if (familyId && !alone && keep !== "nothing") {
        const authorName = keep === "shared_with_name" ? fullName(user) : null;
        // Shared memories stay with the family, with no link to the person.
        await tx.memory.updateMany({ where: { user_id: userId, family_id: familyId, is_shared: true }, data: { user_id: null, author_name: authorName } });
        // Shared answers too: a submission shared whole, or the answers of it shared one by one (the rest goes).
        await tx.response.deleteMany({ where: { is_shared: false, submission: { user_id: userId, family_id: familyId, is_shared: false } } });
        await tx.submission.updateMany({
          where: { user_id: userId, family_id: familyId, responses: { some: {} } },
          data: { user_id: null, author_name: authorName },
        });
      }
      // Tags of them go (a name is theirs to take); so do their questionnaires nobody else
      // answered, and the invitations they sent. What is left of the family's ties to them is undone.
      await tx.memoryTag.deleteMany({ where: { tagged_user_id: userId } });
      // (Not `every: { user_id }`: a kept answer's null author would count as theirs.)
      await tx.questionnaire.deleteMany({ where: { created_by_id: userId, submissions: { none: { OR: [{ user_id: { not: userId } }, { user_id: null }] } } } });
      await tx.invitation.deleteMany({ where: { invited_by_id: userId } });
      if (familyId && !alone) await detachFromFamily(tx, { id: userId }, familyId);

      // What storage holds for them: their photos (original and every variant), recordings and pending uploads.
      const photos = await tx.memoryPhoto.findMany({ where: { memory: theirMemories }, select: PHOTO_KEYS_SELECT });
      const uploads = await tx.photoUpload.findMany({ where: { user_id: userId }, select: { key: true } });
      // And the printed books they made (docs/decisions/028-book-builds.md).
      const books = await tx.bookBuild.findMany({ where: { user_id: userId, storage_key: { not: null } }, select: { storage_key: true } });
      // And the exports they prepared (docs/decisions/023-export-and-import.md).
      const exports = await tx.dataExport.findMany({ where: { user_id: userId, storage_key: { not: null } }, select: { storage_key: true } });

      await tx.emailDelivery.deleteMany({ where: { user_id: userId } });
      // Sessions, memories, tags, answers, uploads, links, settings and plans follow the account, and
      // so do notifications to and from them and their notification settings (docs/decisions/029-notifications.md).
      await tx.user.delete({ where: { id: userId } });
      // The last member takes the family along: its link, invitations, questionnaires and plans.
      if (familyId && alone) await tx.family.delete({ where: { id: familyId } });
      const keptRecordings = new Set(
        (await tx.recording.findMany({ where: { id: { in: recordings.map((recording) => recording.id) } }, select: { id: true } })).map(({ id }) => id),
      );
      return {
        email: user.email_normalized,
        keys: [
          ...photos.flatMap(photoKeys),
          ...recordings.filter((recording) => !keptRecordings.has(recording.id)).flatMap((recording) => recordingObjectKeys(recording.original_key)),
          ...uploads.map((upload) => upload.key),
          ...[...books, ...exports].flatMap((kept) => (kept.storage_key ? [kept.storage_key] : [])),
        ],
      };
    },
    { timeout: 60_000, maxWait: 60_000 },
  );
  await forgetRateLimits(accountRateLimits({ userId, email: deleted.email }));
  await deleteObjects(getStorage(), deleted.keys);
}

/**
 * The rate-limit counters that belong to the account, each named exactly by its rule and subject:
 * its own actions (by its id) and the attempts at its address. Never a pattern over keys: an
 * address may hold `_` or `%`, and a pattern built from it would reach other people's counters.
 * Counters an address shares with a client address (sign-in guesses from one place) and those
 * protecting the address from strangers (invitations sent to it) are left to run out by themselves.
 */
export function accountRateLimits({ userId, email }: { userId: string; email: string }): [RateLimitRule, string][] {
  return [
    [accountDeletionRule, userId],
    [uploadSlotsByUser, userId],
    [emailAddressRules.resendsByAccount, userId],
    [emailAddressRules.changesByAccount, userId],
    [invitationRules.bySender, userId],
    [passwordResetRules.confirmsByAccount, userId],
    [signInRules.byAccount, email],
    [registrationRules.byAccount, email],
    [passwordResetRules.requestsByAccount, email],
  ];
}

/** Clears each counter; the account is already gone, so a counter that cannot be cleared now is left to expire. */
async function forgetRateLimits(counters: [RateLimitRule, string][]) {
  const outcomes = await Promise.allSettled(counters.map(([rule, subject]) => clearCount(rule, subject)));
  const failed = outcomes.filter((outcome) => outcome.status === "rejected").length;
  if (failed > 0) console.warn(`Account deleted; ${failed} of its rate-limit counters could not be cleared and will expire by themselves.`);
}
