import fc from "fast-check";
import { NextRequest } from "next/server";
import { Client } from "pg";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as register } from "@/app/api/auth/register/route";
import { DELETE as closeInvite, GET as readInvite, POST as replaceInvite } from "@/app/api/family/invite/route";
import { GET as lookUpInvite } from "@/app/api/invites/[code]/route";
import { DELETE as forgetInvite } from "@/app/api/invites/remembered/route";
import { GET as familyMembers } from "@/app/api/profiles/family-members/route";
import { INVALID_INVITE } from "@/lib/schemas/invites";
import { proxy } from "@/proxy";
import { ONLY_ADMINS } from "@/server/family/invite-links/get-family-invite";
import { getDb } from "@/server/platform/db/client";
import { resetEnvForTests } from "@/server/platform/env";
import { createAccount, createFamilies, type TestAccount } from "../helpers/accounts";
import { call, ORIGIN, randomAddress, uniqueEmail } from "../helpers/api";

// The invite model of docs/decisions/008-invites.md: a family's link carries a code, admins
// replace or close it, links expire, and nobody joins a family without having been shown whose.

const DAY = 24 * 60 * 60 * 1000;
const person = (label = "relative") => ({ first_name: "Ines", last_name: "Lindqvist", email: uniqueEmail(label), password: "a long enough secret" });

async function currentInvite(account: TestAccount) {
  const result = await call(readInvite, "/api/family/invite", { token: account.token });
  expect(result.status).toBe(200);
  return result.body.data;
}

/** The code of the account's family's current link, as the dashboard shows it. */
async function linkCode(account: TestAccount) {
  return (await currentInvite(account)).invite.code as string;
}

async function newLink(account: TestAccount, body: unknown = {}) {
  const result = await call(replaceInvite, "/api/family/invite", { token: account.token, body });
  expect(result.status, JSON.stringify(result.body)).toBe(201);
  return result.body.data.invite.code as string;
}

async function expireInvite(code: string) {
  const prisma = await getDb();
  await prisma.familyInvite.update({ where: { code }, data: { expires_at: new Date(Date.now() - 1000) } });
}

function registerWith(code: string | undefined, options: { cookie?: string } = {}) {
  return call(register, "/api/auth/register", { body: { ...person(), family_id: code }, cookie: options.cookie });
}

async function openedPage(path: string) {
  return proxy(new NextRequest(`${ORIGIN}${path}`, { headers: { host: "localhost:3000" } }));
}

const inviteCookieOf = (response: { headers: Headers }) => response.headers.getSetCookie().find((cookie) => cookie.startsWith("fb_invite="));

describe("a family's first invite link", () => {
  it("is made with the family: its code is random, never the family's id, issued by the founder, who is the family's admin", async () => {
    const founder = await createAccount({ firstName: "Margaret", lastName: "Lindqvist" });
    const data = await currentInvite(founder);
    expect(data.invite.code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(data.invite.code).not.toBe(founder.user.family_id);
    expect(data).toEqual({
      status: "open",
      invite: {
        code: data.invite.code,
        url: `${ORIGIN}/register?familyId=${data.invite.code}`,
        created_at: expect.any(String),
        expires_at: expect.any(String),
        created_by: { first_name: "Margaret", last_name: "Lindqvist" },
      },
      can_manage: true,
      admins: [{ id: founder.user.id, first_name: "Margaret", last_name: "Lindqvist" }],
      default_expires_in_days: 30,
    });
    const lifetime = Date.parse(data.invite.expires_at) - Date.parse(data.invite.created_at);
    expect(Math.round(lifetime / DAY)).toBe(30);
  });

  it("is the only way in: a family's id, which every member can read, joins nobody and is looked up as unknown", async () => {
    const founder = await createAccount();
    const familyId = founder.user.family_id;
    const prisma = await getDb();
    const [users, families] = [await prisma.user.count(), await prisma.family.count()];
    const refused = await registerWith(familyId);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ success: false, data: null, error: INVALID_INVITE, fieldErrors: { family_id: [INVALID_INVITE] } });
    expect([await prisma.user.count(), await prisma.family.count()]).toEqual([users, families]);
    expect((await call(lookUpInvite, `/api/invites/${familyId}`, { params: { code: familyId } })).status).toBe(404);
    expect(inviteCookieOf(await openedPage(`/ask?familyId=${familyId}`))).toBeUndefined();
    // The link's code still lets a relative in.
    const joined = await registerWith(await linkCode(founder));
    expect(joined.status).toBe(201);
    expect(joined.body.data.user.family_id).toBe(familyId);
  });
});

describe("GET /api/family/invite", () => {
  let cast: Awaited<ReturnType<typeof createFamilies>>;
  beforeAll(async () => {
    cast = await createFamilies();
  });

  it("shows a member who is not an admin the same link, and who can change it", async () => {
    const data = await currentInvite(cast.relative);
    expect(data.status).toBe("open");
    expect(data.invite.code).toBe((await currentInvite(cast.owner)).invite.code);
    expect(data.can_manage).toBe(false);
    expect(data.admins).toEqual([{ id: cast.owner.user.id, first_name: "Margaret", last_name: "Hughes" }]);
  });

  it("shows another family only its own link", async () => {
    const data = await currentInvite(cast.stranger);
    expect(data.invite.code).not.toBe(await linkCode(cast.owner));
    expect(data.admins.map((admin: { id: string }) => admin.id)).toEqual([cast.stranger.user.id]);
  });

  it("answers 401 to an anonymous visitor", async () => {
    const result = await call(readInvite, "/api/family/invite");
    expect(result.status).toBe(401);
    expect(result.body).toMatchObject({ success: false, data: null, error: "Please sign in to continue." });
  });
});

describe("POST /api/family/invite (replace the link)", () => {
  it("gives the admin a new random code that works for INVITE_LINK_DAYS, and the old link stops working at once", async () => {
    const founder = await createAccount();
    const oldCode = await linkCode(founder);
    const result = await call(replaceInvite, "/api/family/invite", { token: founder.token });
    expect(result.status).toBe(201);
    const data = result.body.data;
    expect(data.status).toBe("open");
    expect(data.invite.code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(data.invite.url).toBe(`${ORIGIN}/register?familyId=${data.invite.code}`);
    expect(Math.round((Date.parse(data.invite.expires_at) - Date.parse(data.invite.created_at)) / DAY)).toBe(30);

    expect((await call(lookUpInvite, `/api/invites/${oldCode}`, { params: { code: oldCode } })).status).toBe(404);
    const refused = await registerWith(oldCode);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ success: false, data: null, error: INVALID_INVITE, fieldErrors: { family_id: [INVALID_INVITE] } });

    const joined = await registerWith(data.invite.code);
    expect(joined.status).toBe(201);
    expect(joined.body.data.user.family_id).toBe(founder.user.family_id);
  });

  it("makes the new link work for the number of days the admin chose", async () => {
    const founder = await createAccount();
    const result = await call(replaceInvite, "/api/family/invite", { token: founder.token, body: { expires_in_days: 7 } });
    expect(result.status).toBe(201);
    const { created_at, expires_at } = result.body.data.invite;
    expect(Math.round((Date.parse(expires_at) - Date.parse(created_at)) / DAY)).toBe(7);
  });

  it.each([[0], [366], [2.5], ["7"], [null]])("refuses %j days with 400", async (days) => {
    const founder = await createAccount();
    const code = await linkCode(founder);
    const result = await call(replaceInvite, "/api/family/invite", { token: founder.token, body: { expires_in_days: days } });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe("A link works for 1 to 365 days");
    expect(result.body.fieldErrors).toEqual({ expires_in_days: ["A link works for 1 to 365 days"] });
    expect(await linkCode(founder)).toBe(code);
  });

  it("refuses fields it does not know", async () => {
    const founder = await createAccount();
    const result = await call(replaceInvite, "/api/family/invite", { token: founder.token, body: { family_id: "someone-else" } });
    expect(result.status).toBe(400);
  });

  it("refuses a member who is not an admin with 403 and leaves the link as it was", async () => {
    const { owner, relative } = await createFamilies();
    const code = await linkCode(owner);
    const result = await call(replaceInvite, "/api/family/invite", { token: relative.token });
    expect(result.status).toBe(403);
    expect(result.body).toMatchObject({ success: false, data: null, error: ONLY_ADMINS });
    expect(await linkCode(owner)).toBe(code);
  });

  it("lets another family's admin change only their own family's link", async () => {
    const { owner, stranger } = await createFamilies();
    const ownerCode = await linkCode(owner);
    const strangerCode = await newLink(stranger);
    expect(await linkCode(owner)).toBe(ownerCode);
    expect((await currentInvite(stranger)).invite.code).toBe(strangerCode);
  });

  it("answers 401 to an anonymous visitor", async () => {
    expect((await call(replaceInvite, "/api/family/invite", { body: {} })).status).toBe(401);
  });

  it("refuses a cookie-authenticated request from another site", async () => {
    const founder = await createAccount();
    const code = await linkCode(founder);
    const result = await call(replaceInvite, "/api/family/invite", {
      cookie: `fb_session=${founder.token}`,
      headers: { origin: "https://evil.example" },
      body: {},
    });
    expect(result.status).toBe(403);
    expect(await linkCode(founder)).toBe(code);
  });

  it("reopens a closed link with a new code", async () => {
    const founder = await createAccount();
    await call(closeInvite, "/api/family/invite", { method: "DELETE", token: founder.token });
    const code = await newLink(founder);
    expect(await currentInvite(founder)).toMatchObject({ status: "open", invite: { code } });
  });

  it("keeps one open link when the admin replaces it twice at the same moment", async () => {
    const founder = await createAccount();
    const results = await Promise.all([0, 1, 2].map(() => call(replaceInvite, "/api/family/invite", { token: founder.token })));
    expect(results.map((result) => result.status)).toEqual([201, 201, 201]);
    const prisma = await getDb();
    const open = await prisma.familyInvite.findMany({ where: { family_id: founder.user.family_id, revoked_at: null } });
    expect(open).toHaveLength(1);
    expect(results.map((result) => result.body.data.invite.code)).toContain(open[0]!.code);
  });
});

describe("DELETE /api/family/invite (close the link)", () => {
  it("closes the link for the admin: looking it up and registering through it are refused", async () => {
    const founder = await createAccount();
    const code = await linkCode(founder);
    const result = await call(closeInvite, "/api/family/invite", { method: "DELETE", token: founder.token });
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({ status: "closed", invite: null, can_manage: true });
    expect((await call(lookUpInvite, `/api/invites/${code}`, { params: { code } })).status).toBe(404);
    expect((await registerWith(code)).status).toBe(400);
  });

  it("is refused to a member who is not an admin, who still sees the open link", async () => {
    const { owner, relative } = await createFamilies();
    const result = await call(closeInvite, "/api/family/invite", { method: "DELETE", token: relative.token });
    expect(result.status).toBe(403);
    expect(result.body.error).toBe(ONLY_ADMINS);
    expect((await currentInvite(owner)).status).toBe("open");
  });

  it("closes only the admin's own family's link", async () => {
    const { owner, stranger } = await createFamilies();
    await call(closeInvite, "/api/family/invite", { method: "DELETE", token: stranger.token });
    expect((await currentInvite(owner)).status).toBe("open");
    expect((await currentInvite(stranger)).status).toBe("closed");
  });

  it("answers 401 to an anonymous visitor", async () => {
    expect((await call(closeInvite, "/api/family/invite", { method: "DELETE" })).status).toBe(401);
  });
});

describe("an expired link", () => {
  it("is shown to the family as expired, refused at lookup and at registration, and replaced by an admin", async () => {
    const { owner, relative } = await createFamilies();
    const code = await linkCode(owner);
    await expireInvite(code);
    expect(await currentInvite(relative)).toMatchObject({ status: "expired", invite: { code }, can_manage: false });
    expect((await call(lookUpInvite, `/api/invites/${code}`, { params: { code } })).status).toBe(404);
    const refused = await registerWith(code);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(INVALID_INVITE);
    const fresh = await newLink(owner);
    expect((await registerWith(fresh)).status).toBe(201);
  });

  it("expires after INVITE_LINK_DAYS when the server is configured so", async () => {
    process.env.INVITE_LINK_DAYS = "3";
    resetEnvForTests();
    const founder = await createAccount();
    const data = await currentInvite(founder);
    expect(data.default_expires_in_days).toBe(3);
    expect(Math.round((Date.parse(data.invite.expires_at) - Date.parse(data.invite.created_at)) / DAY)).toBe(3);
  });

  afterEach(() => {
    delete process.env.INVITE_LINK_DAYS;
    resetEnvForTests();
  });
});

describe("GET /api/invites/{code}", () => {
  it("tells anyone holding an open invite whose family it is and the inviter's first name, and nothing more", async () => {
    const founder = await createAccount({ firstName: "Margaret", lastName: "Lindqvist" });
    const code = await newLink(founder);
    const result = await call(lookUpInvite, `/api/invites/${code}`, { params: { code } });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ success: true, data: { invite: { family_name: "The Lindqvist Family", invited_by: "Margaret" } }, error: null });
    expect(result.headers.get("cache-control")).toBe("no-store");
  });

  it.each([
    ["an unknown code", "AAAAAAAAAAAAAAAAAAAAAAAA"],
    ["an unknown family id", "0b7c6a4e-1d7e-4b8a-9a61-2f0c3a9d1e55"],
    ["a malformed code", "not a code"],
  ])("answers 404 for %s, with the registration's message", async (_label, code) => {
    const result = await call(lookUpInvite, `/api/invites/${encodeURIComponent(code)}`, { params: { code } });
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ success: false, data: null, error: INVALID_INVITE });
  });

  it("answers 404 to whatever else arrives in the path, never an error of its own", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.string({ unit: "binary", maxLength: 100 }), fc.uuid()), async (code) => {
        const result = await call(lookUpInvite, `/api/invites/x`, { params: { code } });
        expect(result.status).toBe(404);
        expect(result.body.error).toBe(INVALID_INVITE);
      }),
      { numRuns: 150 },
    );
  });

  it("answers 429 to an address that checks more than 60 links in 15 minutes", async () => {
    const address = randomAddress();
    const code = "AAAAAAAAAAAAAAAAAAAAAAAA";
    for (let attempt = 0; attempt < 60; attempt += 1) {
      expect((await call(lookUpInvite, `/api/invites/${code}`, { params: { code }, address })).status).toBe(404);
    }
    const limited = await call(lookUpInvite, `/api/invites/${code}`, { params: { code }, address });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/^Too many invite links checked\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("answers a signed-in member of another family the same way as anyone", async () => {
    const founder = await createAccount({ firstName: "Margaret", lastName: "Lindqvist" });
    const other = await createAccount();
    const code = await linkCode(founder);
    const result = await call(lookUpInvite, `/api/invites/${code}`, { params: { code }, token: other.token });
    expect(result.body.data).toEqual({ invite: { family_name: "The Lindqvist Family", invited_by: "Margaret" } });
  });
});

describe("POST /api/auth/register through an invite", () => {
  it("never uses an invite the browser remembers: without family_id the person starts their own family", async () => {
    const attacker = await createAccount({ firstName: "Mallory", lastName: "Planted" });
    const result = await registerWith(undefined, { cookie: `fb_invite=${await linkCode(attacker)}` });
    expect(result.status).toBe(201);
    expect(result.body.data.user.family_id).not.toBe(attacker.user.family_id);
  });

  it("refuses a link replaced while the person was filling the form, creating no account and no family", async () => {
    const founder = await createAccount();
    const shown = await newLink(founder);
    await newLink(founder);
    const prisma = await getDb();
    const [users, families] = [await prisma.user.count(), await prisma.family.count()];
    const result = await registerWith(shown);
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors).toEqual({ family_id: [INVALID_INVITE] });
    expect([await prisma.user.count(), await prisma.family.count()]).toEqual([users, families]);
  });

  it("lets relatives registering while the admin replaces the link either join before it closed or be refused, never anything else", async () => {
    const founder = await createAccount();
    const code = await newLink(founder);
    const attempts = [0, 1, 2, 3].map(() => registerWith(code));
    const replacing = call(replaceInvite, "/api/family/invite", { token: founder.token });
    const [results, replaced] = [await Promise.all(attempts), await replacing];
    expect(replaced.status).toBe(201);
    for (const result of results) {
      if (result.status === 201) expect(result.body.data.user.family_id).toBe(founder.user.family_id);
      else expect(result.body).toMatchObject({ error: INVALID_INVITE });
    }
    const members = await call(familyMembers, "/api/profiles/family-members", { token: founder.token });
    expect(members.body.data.familyMembers).toHaveLength(1 + results.filter((result) => result.status === 201).length);
    expect((await registerWith(code)).status).toBe(400);
  });

  it("does not let a registration through with a code whose revocation commits while it is being made", async () => {
    const founder = await createAccount();
    const code = await newLink(founder);
    const admin = new Client({ connectionString: process.env.DATABASE_URL });
    const watcher = new Client({ connectionString: process.env.DATABASE_URL });
    await Promise.all([admin.connect(), watcher.connect()]);
    try {
      // An admin's replacement, caught between revoking the link and committing.
      await admin.query("BEGIN");
      await admin.query("UPDATE family_invites SET revoked_at = now() WHERE code = $1", [code]);
      const registering = registerWith(code);
      // The registration has read the link as open (the revocation is not committed yet) and
      // now waits on the link's row: it must decide with what is committed when it may go on.
      const deadline = Date.now() + 15_000;
      for (;;) {
        const { rows } = await watcher.query<{ waiting: number }>(
          "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
        );
        if (rows[0]!.waiting > 0) break;
        if (Date.now() > deadline) throw new Error("The registration never waited for the link's row");
      }
      await admin.query("COMMIT");
      const result = await registering;
      expect(result.status).toBe(400);
      expect(result.body.error).toBe(INVALID_INVITE);
    } finally {
      await Promise.all([admin.end(), watcher.end()]);
    }
  });
});

describe("an invite planted by a link to any page", () => {
  it("is remembered from /subscription?familyId=… only while it can be used, and never applied: it is shown, then declined", async () => {
    const attacker = await createAccount({ firstName: "Mallory", lastName: "Lindqvist" });
    const code = await newLink(attacker);

    const page = await openedPage(`/subscription?familyId=${code}`);
    const cookie = inviteCookieOf(page);
    expect(cookie).toMatch(new RegExp(`^fb_invite=${code};`));
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=lax");

    // What the register page shows before anything is filled in: whose family, who invited.
    const shown = await call(lookUpInvite, `/api/invites/${code}`, { params: { code } });
    expect(shown.body.data.invite).toEqual({ family_name: "The Lindqvist Family", invited_by: "Mallory" });

    // "Create my own family instead": the browser forgets it…
    const forgotten = await call(forgetInvite, "/api/invites/remembered", { method: "DELETE", cookie: `fb_invite=${code}` });
    expect(forgotten.status).toBe(200);
    expect(inviteCookieOf(forgotten)).toMatch(/^fb_invite=; Path=\/; Max-Age=0/);
    // …and the form registers a family of the person's own.
    const registered = await registerWith(undefined);
    expect(registered.body.data.user.family_id).not.toBe(attacker.user.family_id);
  });

  it.each([
    [
      "a replaced code",
      async (account: TestAccount) => {
        const code = await linkCode(account);
        await newLink(account);
        return code;
      },
    ],
    [
      "a closed link",
      async (account: TestAccount) => {
        const code = await linkCode(account);
        await call(closeInvite, "/api/family/invite", { method: "DELETE", token: account.token });
        return code;
      },
    ],
    [
      "an expired link",
      async (account: TestAccount) => {
        const code = await linkCode(account);
        await expireInvite(code);
        return code;
      },
    ],
    ["a family's id", async (account: TestAccount) => account.user.family_id],
    ["an unknown code", async () => "AAAAAAAAAAAAAAAAAAAAAAAA"],
    ["a malformed code", async () => "<script>"],
  ])("is not remembered when it is %s", async (_label, codeOf) => {
    const code = await codeOf(await createAccount());
    expect(inviteCookieOf(await openedPage(`/ask?familyId=${encodeURIComponent(code)}`))).toBeUndefined();
  });

  it("refuses a cross-site request to forget it (it changes a cookie)", async () => {
    const result = await call(forgetInvite, "/api/invites/remembered", { method: "DELETE", headers: { origin: "https://evil.example" } });
    expect(result.status).toBe(403);
  });
});
