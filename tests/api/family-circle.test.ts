import { describe, expect, it } from "vitest";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as invite, GET as listInvitations } from "@/app/api/family/invitations/route";
import { DELETE as closeInvite, GET as readInvite } from "@/app/api/family/invite/route";
import { PATCH as changeRole, DELETE as removeMember } from "@/app/api/family/members/[id]/route";
import { GET as getMemoryRoute, PUT as updateMemoryRoute } from "@/app/api/memories/[id]/route";
import { GET as sharedMemories } from "@/app/api/memories/shared/route";
import { GET as familyMembers } from "@/app/api/profiles/family-members/route";
import { PATCH as shareSubmission } from "@/app/api/questionnaires/submissions/[id]/toggle-shared/route";
import { GET as sharedSubmissions } from "@/app/api/questionnaires/submissions/shared/route";
import { ALREADY_ADMIN, LAST_ADMIN_LEAVE, LAST_ADMIN_STEP_DOWN, MEMBER_NOT_FOUND, NOT_FAMILY_ADMIN, ONLY_MEMBER_LEAVE } from "@/lib/schemas/family-circle";
import { INVALID_INVITE } from "@/lib/schemas/invites";
import { hashToken } from "@/server/accounts/auth/sessions";
import { newInviteCode } from "@/server/family/invite-links/invite-rules";
import { getDb } from "@/server/platform/db/client";
import { createAccount, createFamilies, type TestAccount } from "../helpers/accounts";
import { call, uniqueEmail } from "../helpers/api";
import { createMemoryAs, memoryForm } from "../helpers/memories";
import { answer, createCustomQuestionnaire } from "../helpers/questionnaires";

// The family circle (docs/product.md, "The family circle"; docs/decisions/024-leaving-and-the-circle.md).

const setRole = (caller: TestAccount, member: TestAccount, role: unknown) =>
  call(changeRole, `/api/family/members/${member.user.id}`, { token: caller.token, params: { id: member.user.id }, body: { role }, method: "PATCH" });
const remove = (caller: TestAccount, memberId: string) =>
  call(removeMember, `/api/family/members/${memberId}`, { token: caller.token, params: { id: memberId }, method: "DELETE" });
const roleOf = async (account: TestAccount) =>
  (await getDb()).user.findUniqueOrThrow({ where: { id: account.user.id }, select: { family_role: true, family_id: true } });
const adminsOf = async (familyId: string) => (await getDb()).user.count({ where: { family_id: familyId, family_role: "admin" } });
const familyLink = async (account: TestAccount) => (await call(readInvite, "/api/family/invite", { token: account.token })).body.data;
const registerWith = (code: string, email = uniqueEmail("again")) =>
  call(register, "/api/auth/register", { body: { first_name: "Bob", last_name: "Hughes", email, password: "a long enough secret", family_id: code } });
const REFUSED = { success: false, data: null, error: INVALID_INVITE, fieldErrors: { family_id: [INVALID_INVITE] } };

/** An invitation by email whose code the test knows, as the email would carry it (tests/api/invitations.test.ts). */
async function sendInvitation(from: TestAccount, firstName: string, email = uniqueEmail(firstName.toLowerCase())) {
  const result = await call(invite, "/api/family/invitations", { token: from.token, body: { first_name: firstName, email } });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  const code = newInviteCode();
  await (await getDb()).invitation.update({ where: { id: result.body.data.invitation.id }, data: { code_hash: hashToken(code) } });
  return { id: result.body.data.invitation.id as string, email, code };
}

describe("making a member admin and stepping down", () => {
  it("the admin makes a member admin; only then may the first admin step down", async () => {
    const { owner, relative } = await createFamilies();
    const refused = await setRole(owner, owner, "member");
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(LAST_ADMIN_STEP_DOWN);

    const made = await setRole(owner, relative, "admin");
    expect(made.status).toBe(200);
    expect(made.body.data.member).toMatchObject({ id: relative.user.id, family_role: "admin", is_admin: true });
    expect((await setRole(owner, relative, "admin")).body.error).toBe(ALREADY_ADMIN);

    const stepped = await setRole(owner, owner, "member");
    expect(stepped.status).toBe(200);
    expect((await roleOf(owner)).family_role).toBe("member");
    // Now a member: no longer allowed to change roles.
    const notAdmin = await setRole(owner, relative, "member");
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body.error).toBe(NOT_FAMILY_ADMIN);
  });

  it("refuses members, other families, anonymous callers, unknown ids and bad roles", async () => {
    const { owner, relative, stranger } = await createFamilies();
    expect((await setRole(relative, owner, "member")).body.error).toBe(NOT_FAMILY_ADMIN);
    const other = await setRole(stranger, relative, "admin");
    expect(other.status).toBe(404);
    expect(other.body.error).toBe(MEMBER_NOT_FOUND);
    expect((await call(changeRole, "/api/family/members/x", { params: { id: "x" }, body: { role: "admin" }, method: "PATCH" })).status).toBe(401);
    expect(
      (await call(changeRole, "/api/family/members/nope", { token: owner.token, params: { id: "nope" }, body: { role: "admin" }, method: "PATCH" })).status,
    ).toBe(404);
    const bad = await setRole(owner, relative, "owner");
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors!.role).toEqual(['Choose "admin" or "member"']);
  });

  it("two admins stepping down at the same moment leave one of them admin", async () => {
    const { owner, relative } = await createFamilies();
    await setRole(owner, relative, "admin");
    const results = await Promise.all([setRole(owner, owner, "member"), setRole(relative, relative, "member")]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(results.find((result) => result.status === 409)!.body.error).toBe(LAST_ADMIN_STEP_DOWN);
    expect(await adminsOf(owner.user.family_id)).toBe(1);
  });
});

describe("removing a member", () => {
  it("the removed person keeps their account and memories in a family of their own; what they shared leaves the Family Book; tags become text", async () => {
    const { owner, relative } = await createFamilies();
    const cousin = await createAccount({ familyId: owner.user.family_id, firstName: "Ruth", lastName: "Hughes" });
    const theirShared = await createMemoryAs(relative.token, { title: "Tom's boat", is_shared: "true", taggedUserIds: [owner.user.id] });
    const theirPrivate = await createMemoryAs(relative.token, { title: "Tom's diary" });
    const ownerMemory = await createMemoryAs(owner.token, { title: "Margaret's garden", is_shared: "true", taggedUserIds: [relative.user.id, cousin.user.id] });
    const questionnaire = await createCustomQuestionnaire(owner);
    await answer(relative, [{ question_id: questionnaire.questionIds[0]!, answer_text: "Everyone" }]);
    const submission = await (await getDb()).submission.findFirstOrThrow({ where: { user_id: relative.user.id } });
    await call(shareSubmission, `/api/questionnaires/submissions/${submission.id}/toggle-shared`, {
      token: relative.token,
      params: { id: submission.id },
      body: { is_shared: true },
      method: "PATCH",
    });
    expect((await call(sharedSubmissions, "/api/questionnaires/submissions/shared", { token: cousin.token })).body.data.submissions).toHaveLength(1);

    const removed = await remove(owner, relative.user.id);
    expect(removed.status).toBe(200);
    expect(removed.body.data.familyMembers.map((member: { id: string }) => member.id).sort()).toEqual([owner.user.id, cousin.user.id].sort());

    const now = await roleOf(relative);
    expect(now.family_id).not.toBe(owner.user.family_id);
    expect(now.family_role).toBe("admin");
    const ownLink = await (await getDb()).familyInvite.findMany({ where: { family_id: now.family_id!, revoked_at: null } });
    expect(ownLink).toHaveLength(1);
    expect(ownLink[0]!.code).toMatch(/^[A-Za-z0-9_-]{24}$/);

    // The family no longer sees what Tom shared, and Tom no longer sees theirs.
    const cousinFeed = await call(sharedMemories, "/api/memories/shared", { token: cousin.token });
    expect(cousinFeed.body.data.memories.map((memory: { title: string }) => memory.title)).toEqual(["Margaret's garden"]);
    expect((await call(getMemoryRoute, `/api/memories/${theirShared.id}`, { token: cousin.token, params: { id: theirShared.id } })).status).toBe(404);
    expect((await call(sharedSubmissions, "/api/questionnaires/submissions/shared", { token: cousin.token })).body.data.submissions).toEqual([]);
    expect((await call(getMemoryRoute, `/api/memories/${ownerMemory.id}`, { token: relative.token, params: { id: ownerMemory.id } })).status).toBe(404);
    // Tom keeps both memories, and sees his shared one in his new family's book.
    for (const memory of [theirShared, theirPrivate]) {
      expect((await call(getMemoryRoute, `/api/memories/${memory.id}`, { token: relative.token, params: { id: memory.id } })).status).toBe(200);
    }

    // Tags between Tom and the family are plain text now; Ruth's stays a link.
    const garden = await call(getMemoryRoute, `/api/memories/${ownerMemory.id}`, { token: cousin.token, params: { id: ownerMemory.id } });
    expect(garden.body.data.memory.memory_tags).toHaveLength(2);
    expect(garden.body.data.memory.memory_tags).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tagged_user_id: null, profiles: { first_name: "Tom Hughes", last_name: "" } }),
        expect.objectContaining({ tagged_user_id: cousin.user.id, profiles: { first_name: "Ruth", last_name: "Hughes" } }),
      ]),
    );
    const boat = await call(getMemoryRoute, `/api/memories/${theirShared.id}`, { token: relative.token, params: { id: theirShared.id } });
    expect(boat.body.data.memory.memory_tags).toEqual([
      expect.objectContaining({ tagged_user_id: null, profiles: { first_name: "Margaret Hughes", last_name: "" } }),
    ]);
    expect(await (await getDb()).memoryTag.count({ where: { tagged_user_id: relative.user.id } })).toBe(0);
    // Untagging every member keeps the plain-text tag: it names nobody to untag.
    const edited = await call(updateMemoryRoute, `/api/memories/${ownerMemory.id}`, {
      token: owner.token,
      params: { id: ownerMemory.id },
      method: "PUT",
      body: memoryForm({ title: "Margaret's garden", taggedUserIds: "[]" }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.memory.memory_tags).toEqual([
      expect.objectContaining({ tagged_user_id: null, profiles: { first_name: "Tom Hughes", last_name: "" } }),
    ]);
    // The author takes the plain-text tag off by its id; a member's tag named there stays (members
    // are untagged through taggedUserIds), and ids that name nothing change nothing.
    const retagged = await call(updateMemoryRoute, `/api/memories/${ownerMemory.id}`, {
      token: owner.token,
      params: { id: ownerMemory.id },
      method: "PUT",
      body: memoryForm({ taggedUserIds: JSON.stringify([cousin.user.id]) }),
    });
    const cousinTag = retagged.body.data.memory.memory_tags.find((tag: { tagged_user_id: string | null }) => tag.tagged_user_id === cousin.user.id);
    const tomTag = edited.body.data.memory.memory_tags[0];
    const untagged = await call(updateMemoryRoute, `/api/memories/${ownerMemory.id}`, {
      token: owner.token,
      params: { id: ownerMemory.id },
      method: "PUT",
      body: memoryForm({ tagIdsToDelete: JSON.stringify([tomTag.id, cousinTag.id, "not-a-tag", boat.body.data.memory.memory_tags[0].id]) }),
    });
    expect(untagged.status).toBe(200);
    expect(untagged.body.data.memory.memory_tags).toEqual([expect.objectContaining({ tagged_user_id: cousin.user.id })]);
    // Tom's own memory keeps its plain-text tag of Margaret: another memory's tag is not this one's to remove.
    expect(
      (await call(getMemoryRoute, `/api/memories/${theirShared.id}`, { token: relative.token, params: { id: theirShared.id } })).body.data.memory.memory_tags,
    ).toHaveLength(1);
    // And the Family Book's members no longer list him.
    const members = await call(familyMembers, "/api/profiles/family-members", { token: cousin.token });
    expect(members.body.data.familyMembers.map((member: { id: string }) => member.id)).not.toContain(relative.user.id);
  });

  it("only the admin removes; members, other families and anonymous callers are refused", async () => {
    const { owner, relative, stranger } = await createFamilies();
    const cousin = await createAccount({ familyId: owner.user.family_id });
    const byMember = await remove(relative, cousin.user.id);
    expect(byMember.status).toBe(403);
    expect(byMember.body.error).toBe(NOT_FAMILY_ADMIN);
    const byStranger = await remove(stranger, relative.user.id);
    expect(byStranger.status).toBe(404);
    expect(byStranger.body.error).toBe(MEMBER_NOT_FOUND);
    expect((await call(removeMember, `/api/family/members/${relative.user.id}`, { params: { id: relative.user.id }, method: "DELETE" })).status).toBe(401);
    expect((await roleOf(cousin)).family_id).toBe(owner.user.family_id);
  });

  it("a member may leave; the last admin must hand over first, and nobody leaves a family of one", async () => {
    const { owner, relative, stranger } = await createFamilies();
    const lastAdmin = await remove(owner, owner.user.id);
    expect(lastAdmin.status).toBe(409);
    expect(lastAdmin.body.error).toBe(LAST_ADMIN_LEAVE);
    const alone = await remove(stranger, stranger.user.id);
    expect(alone.status).toBe(409);
    expect(alone.body.error).toBe(ONLY_MEMBER_LEAVE);
    const left = await remove(relative, relative.user.id);
    expect(left.status).toBe(200);
    expect(left.body.data.familyMembers).toEqual([expect.objectContaining({ id: relative.user.id, is_admin: true })]);
  });

  it("two admins removing each other at the same moment: one of them is removed, and the family keeps an admin", async () => {
    const { owner, relative } = await createFamilies();
    await setRole(owner, relative, "admin");
    const results = await Promise.all([remove(owner, relative.user.id), remove(relative, owner.user.id)]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 404]);
    const stayed = results[0]!.status === 200 ? owner : relative;
    const family = (await roleOf(stayed)).family_id!;
    expect(family).toBe(owner.user.family_id);
    expect(await adminsOf(family)).toBe(1);
  });

  it("an admin removing a member while stepping down: the family still has an admin", async () => {
    const { owner, relative } = await createFamilies();
    await setRole(owner, relative, "admin");
    const results = await Promise.all([remove(owner, relative.user.id), setRole(owner, owner, "member")]);
    // Removal first: the owner is then the last admin and may not step down. Stepping down first: the owner may no longer remove.
    expect(results.map((result) => result.status).sort()).toEqual([200, results[0]!.status === 200 ? 409 : 403].sort());
    expect(await adminsOf(owner.user.family_id)).toBe(1);
  });
});

describe("after a removal, the removed person cannot come straight back", () => {
  it("replaces the family's open link: the old code and the family's id are refused, the admin is told, and a new relative joins through the new link", async () => {
    const { owner } = await createFamilies();
    const bob = await createAccount({ familyId: owner.user.family_id, firstName: "Bob", lastName: "Hughes" });
    // What Bob could read while he was a member: the link, and the family's id.
    const known = await familyLink(bob);
    expect(known.status).toBe("open");

    const removed = await remove(owner, bob.user.id);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({
      invite_link_replaced: true,
      invitations_revoked: 0,
      message:
        "Bob Hughes was removed from the family. The family's invite link has been replaced, so the old one no longer works: share the new one with relatives you still want to invite.",
    });

    // The admin's dashboard shows the new link, working until the old one would have.
    const replaced = await familyLink(owner);
    expect(replaced.status).toBe("open");
    expect(replaced.invite.code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(replaced.invite.code).not.toBe(known.invite.code);
    expect(replaced.invite.expires_at).toBe(known.invite.expires_at);
    expect(replaced.invite.created_by).toEqual({ first_name: "Margaret", last_name: "Hughes" });

    const prisma = await getDb();
    const users = await prisma.user.count();
    for (const code of [known.invite.code, owner.user.family_id]) {
      const again = await registerWith(code);
      expect(again.status).toBe(400);
      expect(again.body).toEqual(REFUSED);
    }
    expect(await prisma.user.count()).toBe(users);

    const newcomer = await registerWith(replaced.invite.code, uniqueEmail("ruth"));
    expect(newcomer.status).toBe(201);
    expect(newcomer.body.data.user.family_id).toBe(owner.user.family_id);
    // Bob's own new family has a link of its own, which is not his old family's.
    expect((await familyLink(bob)).invite.code).not.toBe(replaced.invite.code);
  });

  it("revokes the invitations the removed member sent that are still waiting, and only theirs", async () => {
    const { owner, relative } = await createFamilies();
    const bob = await createAccount({ familyId: owner.user.family_id, firstName: "Bob", lastName: "Hughes" });
    const toHimself = await sendInvitation(bob, "Robert");
    const toCousin = await sendInvitation(bob, "Ruth");
    const byTom = await sendInvitation(relative, "Ines");

    const removed = await remove(owner, bob.user.id);
    expect(removed.body.data).toMatchObject({ invite_link_replaced: true, invitations_revoked: 2 });
    expect(removed.body.data.message).toBe(
      "Bob Hughes was removed from the family. The family's invite link has been replaced, so the old one no longer works: share the new one with relatives you still want to invite. " +
        "The 2 invitations they sent that were still waiting have been revoked.",
    );

    for (const invitation of [toHimself, toCousin]) {
      const refused = await registerWith(invitation.code, invitation.email);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual(REFUSED);
    }
    const listed = await call(listInvitations, "/api/family/invitations", { token: owner.token });
    expect(listed.body.data.invitations.map((invitation: { id: string }) => invitation.id)).toEqual([byTom.id]);
    const accepted = await registerWith(byTom.code, byTom.email);
    expect(accepted.status).toBe(201);
    expect(accepted.body.data.user.family_id).toBe(owner.user.family_id);
  });

  it("leaves a closed link closed, and says only that the member was removed", async () => {
    const { owner, relative } = await createFamilies();
    await call(closeInvite, "/api/family/invite", { method: "DELETE", token: owner.token });
    const removed = await remove(owner, relative.user.id);
    expect(removed.body.data).toMatchObject({ invite_link_replaced: false, invitations_revoked: 0, message: "Tom Hughes was removed from the family." });
    expect(await familyLink(owner)).toMatchObject({ status: "closed", invite: null });
  });

  it("changes neither the link nor the invitations of a member who leaves of their own accord", async () => {
    const { owner, relative } = await createFamilies();
    const before = await familyLink(owner);
    const sent = await sendInvitation(relative, "Ines");
    const left = await remove(relative, relative.user.id);
    expect(left.status).toBe(200);
    expect(left.body.data).toMatchObject({
      invite_link_replaced: false,
      invitations_revoked: 0,
      message: "You have left the family. You are now the admin of a family of your own.",
    });
    expect((await familyLink(owner)).invite.code).toBe(before.invite.code);
    const listed = await call(listInvitations, "/api/family/invitations", { token: owner.token });
    expect(listed.body.data.invitations).toEqual([expect.objectContaining({ id: sent.id, invited_by: null })]);
  });
});
