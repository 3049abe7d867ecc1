import { describe, expect, it, vi } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as register } from "@/app/api/auth/register/route";
import { registrationRules } from "@/server/accounts/auth/registration-limits";
import { GUESSES_WHILE_UNDER_ATTACK, signInRules } from "@/server/accounts/auth/sign-in-throttle";
import { createAccount, inviteCodeOf } from "../helpers/accounts";
import { call, randomAddress, uniqueEmail } from "../helpers/api";

// Guessing is slowed without letting anyone lock the owner out (docs/decisions/010-sign-in-throttling.md).
// Every guess costs a real password check (scrypt), so some of these take a while on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const TOO_MANY = /^Too many sign-in attempts\. Please wait \d+ minutes? and try again\.$/;

const signIn = (email: string, password: string, address: string) => call(login, "/api/auth/login", { address, body: { email, password } });

describe("guesses at one account from one address", () => {
  it(`refuses the guess after ${signInRules.byAccountAndAddress.limit} failures with 429 and Retry-After, even with the right password`, async () => {
    const account = await createAccount();
    const address = randomAddress();
    for (let attempt = 0; attempt < signInRules.byAccountAndAddress.limit; attempt += 1) {
      expect((await signIn(account.user.email, `wrong ${attempt}`, address)).status).toBe(401);
    }
    const blocked = await signIn(account.user.email, account.password, address);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(TOO_MANY);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(800);
  });

  it("counts 30 guesses sent at once before checking any password: 10 are answered 401, 20 are refused", async () => {
    const account = await createAccount();
    const address = randomAddress();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, attempt) => signIn(account.user.email, `wrong ${attempt}`, address)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(signInRules.byAccountAndAddress.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - signInRules.byAccountAndAddress.limit);
  });

  it("forgets the failures after the owner signs in", async () => {
    const account = await createAccount();
    const address = randomAddress();
    for (let round = 0; round < 2; round += 1) {
      for (let attempt = 0; attempt < signInRules.byAccountAndAddress.limit - 1; attempt += 1) await signIn(account.user.email, "wrong", address);
      expect((await signIn(account.user.email, account.password, address)).status).toBe(200);
    }
  });

  it("does not hold one client's guesses against another address", async () => {
    const account = await createAccount();
    const attacker = randomAddress();
    for (let attempt = 0; attempt <= signInRules.byAccountAndAddress.limit; attempt += 1) await signIn(account.user.email, "wrong", attacker);
    expect((await signIn(account.user.email, "wrong", attacker)).status).toBe(429);
    expect((await signIn(account.user.email, account.password, randomAddress())).status).toBe(200);
  });
});

describe("guesses from one address across many accounts (password spraying)", () => {
  it(`refuses an address after ${signInRules.byAddress.limit} failures across accounts, and only that address`, async () => {
    const account = await createAccount();
    const sprayer = randomAddress();
    for (let attempt = 0; attempt < signInRules.byAddress.limit; attempt += 1) {
      expect((await signIn(uniqueEmail("target"), "Password1", sprayer)).status).toBe(401);
    }
    const blocked = await signIn(account.user.email, account.password, sprayer);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(TOO_MANY);
    expect((await signIn(account.user.email, account.password, randomAddress())).status).toBe(200);
  });

  it("does not count the family's successful sign-ins from one home network", async () => {
    const address = randomAddress();
    const relatives = await Promise.all(Array.from({ length: 5 }, () => createAccount()));
    for (let round = 0; round < 12; round += 1) {
      for (const relative of relatives) expect((await signIn(relative.user.email, relative.password, address)).status).toBe(200);
    }
  });
});

describe("an account under attack from many addresses", () => {
  async function attack(email: string) {
    // Failures from many places, each staying under the per-address limits.
    const attackers = Array.from({ length: Math.ceil(signInRules.byAccount.limit / 5) + 1 }, () => randomAddress());
    for (const attacker of attackers) for (let attempt = 0; attempt < 5; attempt += 1) await signIn(email, `guess ${attempt}`, attacker);
    return attackers;
  }

  it("never shuts out the owner signing in correctly from an address that has not been failing", async () => {
    const account = await createAccount();
    await attack(account.user.email);
    expect((await signIn(account.user.email, account.password, randomAddress())).status).toBe(200);
  });

  it(`gives every address only ${GUESSES_WHILE_UNDER_ATTACK} guesses while the attack lasts`, async () => {
    const account = await createAccount();
    const attackers = await attack(account.user.email);
    expect((await signIn(account.user.email, "one more guess", attackers[0]!)).status).toBe(429);
    const fresh = randomAddress();
    for (let attempt = 0; attempt < GUESSES_WHILE_UNDER_ATTACK; attempt += 1) expect((await signIn(account.user.email, "guess", fresh)).status).toBe(401);
    expect((await signIn(account.user.email, account.password, fresh)).status).toBe(429);
  });
});

describe("registrations from one address", () => {
  const person = (familyId?: string) => ({
    first_name: "Rosa",
    last_name: "Parks",
    email: uniqueEmail("rosa"),
    password: "a long enough secret",
    family_id: familyId,
  });

  it(`refuses a new family past ${registrationRules.newFamiliesByAddress.limit} from one address in an hour`, async () => {
    const address = randomAddress();
    for (let attempt = 0; attempt < registrationRules.newFamiliesByAddress.limit; attempt += 1) {
      expect((await call(register, "/api/auth/register", { address, body: person() })).status).toBe(201);
    }
    const blocked = await call(register, "/api/auth/register", { address, body: person() });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(/^Too many registration attempts\. Please wait \d+ minutes? and try again\.$/);
  });

  it("lets fifteen relatives join through one invite from one home network", async () => {
    const address = randomAddress();
    const founder = await createAccount();
    const code = await inviteCodeOf(founder.user.family_id);
    for (let relative = 0; relative < 15; relative += 1) {
      const joined = await call(register, "/api/auth/register", { address, body: person(code) });
      expect(joined.status).toBe(201);
      expect(joined.body.data.user.family_id).toBe(founder.user.family_id);
    }
  });
});
