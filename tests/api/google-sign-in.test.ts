import { describe, expect, it } from "vitest";
import { GET as me } from "@/app/api/auth/me/route";
import { signInWithGoogle } from "@/server/auth/google-sign-in";
import { getDb } from "@/server/db/client";
import { call, uniqueEmail } from "../helpers/api";
import { createAccount } from "../helpers/accounts";

// Google's OAuth exchange itself cannot run offline; what Family Book does with the identity
// Google verified is tested here.

describe("signing in with a Google identity", () => {
  it("creates an account and a new family for a new address, and signs it in", async () => {
    const email = uniqueEmail("google");
    const result = await signInWithGoogle({ identity: { email, firstName: "Zoë", lastName: "Ñúñez" } });
    expect(result.user).toMatchObject({ email, first_name: "Zoë", last_name: "Ñúñez", family_id: expect.any(String) });
    expect((await call(me, "/api/auth/me", { token: result.token })).body.data.user.id).toBe(result.user.id);
    const prisma = await getDb();
    expect((await prisma.user.findUniqueOrThrow({ where: { id: result.user.id } })).password_hash).toBeNull();
  });

  it("does not store a name from Google that holds control characters: the address stands in", async () => {
    const email = uniqueEmail("google");
    const result = await signInWithGoogle({ identity: { email, firstName: "Zo\u0000ë", lastName: "Line\nbreak" } });
    expect(result.user).toMatchObject({ first_name: email.split("@")[0], last_name: "" });
  });

  it("joins the family of the invite the visitor arrived through", async () => {
    const founder = await createAccount();
    const result = await signInWithGoogle({ identity: { email: uniqueEmail("google") }, inviteFamilyId: founder.user.family_id });
    expect(result.user.family_id).toBe(founder.user.family_id);
  });

  it("signs in to the existing account with that address, whatever its letter case", async () => {
    const existing = await createAccount();
    const result = await signInWithGoogle({ identity: { email: existing.user.email.toUpperCase(), firstName: "Someone", lastName: "Else" } });
    expect(result.user).toEqual(existing.user);
  });

  it("refuses an unknown invite instead of starting a new family", async () => {
    const prisma = await getDb();
    const before = await prisma.family.count();
    await expect(
      signInWithGoogle({ identity: { email: uniqueEmail("google") }, inviteFamilyId: "0b7c6a4e-1d7e-4b8a-9a61-2f0c3a9d1e55" }),
    ).rejects.toThrow("This invite link is not valid.");
    expect(await prisma.family.count()).toBe(before);
  });
});
