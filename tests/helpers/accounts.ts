import { POST as register } from "@/app/api/auth/register/route";
import { getDb } from "@/server/platform/db/client";
import { call, uniqueEmail } from "./api";
import { TEST_PASSWORD } from "./test-password";

export type TestAccount = {
  token: string;
  user: { id: string; email: string; first_name: string; last_name: string; family_id: string };
  password: string;
};

/**
 * The code of a family's current invite link, as its members read it on the dashboard: what a
 * relative's registration carries (a family's id is not an invite, docs/decisions/008-invites.md).
 */
export async function inviteCodeOf(familyId: string) {
  const invite = await (await getDb()).familyInvite.findFirst({ where: { family_id: familyId, revoked_at: null }, select: { code: true } });
  if (!invite) throw new Error(`The family ${familyId} has no invite link`);
  return invite.code;
}

/** Registers a person through the API: a new family, or the given one, through its invite link. */
export async function createAccount(options: { familyId?: string; firstName?: string; lastName?: string; email?: string } = {}): Promise<TestAccount> {
  const password = TEST_PASSWORD;
  const result = await call(register, "/api/auth/register", {
    body: {
      first_name: options.firstName ?? "Ada",
      last_name: options.lastName ?? "Lovelace",
      email: options.email ?? uniqueEmail(),
      password,
      family_id: options.familyId && (await inviteCodeOf(options.familyId)),
    },
  });
  if (result.status !== 201) throw new Error(`Registration failed: ${result.status} ${JSON.stringify(result.body)}`);
  return { token: result.body.data.token, user: result.body.data.user, password };
}

/** Two people in one family and one in another: the cast of every permission test. */
export async function createFamilies() {
  const owner = await createAccount({ firstName: "Margaret", lastName: "Hughes" });
  const relative = await createAccount({ familyId: owner.user.family_id, firstName: "Tom", lastName: "Hughes" });
  const stranger = await createAccount({ firstName: "Olga", lastName: "Petrova" });
  return { owner, relative, stranger };
}

/** The same cast with a third member of the owner's family, for what every relative sees alike. */
export async function createFamiliesWithCousin() {
  const families = await createFamilies();
  const cousin = await createAccount({ familyId: families.owner.user.family_id, firstName: "Ruth", lastName: "Hughes" });
  return { ...families, cousin };
}

/**
 * A member who followed their confirmation link (docs/decisions/017-verified-addresses.md): emails
 * a member may turn off go only to confirmed addresses.
 */
export async function createConfirmedAccount(options: Parameters<typeof createAccount>[0] = {}): Promise<TestAccount> {
  const account = await createAccount(options);
  await (await getDb()).user.update({ where: { id: account.user.id }, data: { email_verified_at: new Date() } });
  return account;
}
