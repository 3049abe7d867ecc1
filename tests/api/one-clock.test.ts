import { afterEach, describe, expect, it } from "vitest";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as register } from "@/app/api/auth/register/route";
import { GET as readInvite } from "@/app/api/family/invite/route";
import { INVALID_INVITE } from "@/lib/schemas/invites";
import { setClock } from "@/server/platform/clock";
import { createAccount } from "../helpers/accounts";
import { call, uniqueEmail } from "../helpers/api";

// One clock (docs/decisions/040-one-clock.md): every rule reads "now" from the app's clock, the
// rules written as SQL included, so moving that clock moves them all.

const DAY = 24 * 60 * 60 * 1000;
const moveClockBy = (milliseconds: number) => {
  const at = Date.now() + milliseconds;
  setClock(() => at);
};

afterEach(() => setClock());

describe("one clock for every rule", () => {
  it("ends a session when the clock passes its 30 days, and not a minute before", async () => {
    const account = await createAccount();
    moveClockBy(29 * DAY);
    expect((await call(me, "/api/auth/me", { token: account.token })).status).toBe(200);
    moveClockBy(31 * DAY);
    expect((await call(me, "/api/auth/me", { token: account.token })).status).toBe(401);
  });

  it("closes a family's invite link, checked in SQL under its lock, when the clock passes its expiry", async () => {
    const founder = await createAccount();
    const { invite } = (await call(readInvite, "/api/family/invite", { token: founder.token })).body.data;
    const person = () => ({
      first_name: "Ines",
      last_name: "Lindqvist",
      email: uniqueEmail("relative"),
      password: "a long enough secret",
      family_id: invite.code,
    });

    moveClockBy(Date.parse(invite.expires_at) - Date.now() - 60_000);
    const before = await call(register, "/api/auth/register", { body: person() });
    expect(before.status, JSON.stringify(before.body)).toBe(201);
    expect(before.body.data.user.family_id).toBe(founder.user.family_id);

    moveClockBy(Date.parse(invite.expires_at) - Date.now() + 60_000);
    const after = await call(register, "/api/auth/register", { body: person() });
    expect(after.status).toBe(400);
    expect(after.body.error).toBe(INVALID_INVITE);
  });
});
