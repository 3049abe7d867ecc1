import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInRules } from "@/server/accounts/auth/sign-in-throttle";
import { requestFrom, startTestApp, type TestApp } from "../helpers/app-server";

// Per-address limits count the address a connection really comes from: clients on 127.0.0.2
// and 127.0.0.3 are different clients (Linux routes all of 127/8 to loopback), and a client
// cannot become someone else by writing X-Forwarded-For (docs/decisions/009-client-addresses.md).

const LIMIT = signInRules.byAccountAndAddress.limit;
const person = () => ({
  first_name: "Margaret",
  last_name: "Hughes",
  email: `margaret.${Math.random().toString(36).slice(2)}@example.test`,
  password: "correct horse battery",
});

async function registerOn(app: TestApp) {
  const details = person();
  const registered = await requestFrom(`${app.url}/api/auth/register`, { json: details, localAddress: "127.0.0.9" });
  expect(registered.status).toBe(201);
  return details;
}

describe("with no proxy in front (the default)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("keeps counting one client's guesses however it rotates X-Forwarded-For, and tells other clients apart", async () => {
    const owner = await registerOn(app);
    const guess = (from: string, password: string, forwardedFor?: string) =>
      requestFrom(`${app.url}/api/auth/login`, {
        json: { email: owner.email, password },
        localAddress: from,
        headers: forwardedFor ? { "x-forwarded-for": forwardedFor, "x-real-ip": forwardedFor } : {},
      });

    const statuses: number[] = [];
    for (let attempt = 0; attempt < LIMIT + 5; attempt += 1) statuses.push((await guess("127.0.0.2", "wrong", `198.51.100.${attempt + 1}`)).status);
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
    expect(statuses.slice(LIMIT)).toEqual(Array(5).fill(429));

    expect((await guess("127.0.0.3", owner.password)).status).toBe(200);
  });

  it("builds links and checks Origin against the Host it was reached at, not X-Forwarded-Host", async () => {
    const redirect = await requestFrom(`${app.url}/api/auth/google/complete`, {
      method: "GET",
      headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    });
    expect(redirect.status).toBeGreaterThanOrEqual(300);
    expect(redirect.status).toBeLessThan(400);
    expect(new URL(redirect.headers.location!, "http://placeholder").origin).not.toBe("https://evil.example");
    expect(redirect.headers.location).toMatch(new RegExp(`^(${app.url})?/register`));
  });
});

describe("behind one trusted proxy (TRUST_PROXY_HOPS=1)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ TRUST_PROXY_HOPS: "1" });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("counts the address the proxy appended, whatever the client wrote before it", async () => {
    const owner = await registerOn(app);
    const viaProxy = (clientWrote: string, proxySaw: string, password: string) =>
      requestFrom(`${app.url}/api/auth/login`, {
        json: { email: owner.email, password },
        localAddress: "127.0.0.4",
        headers: { "x-forwarded-for": `${clientWrote}, ${proxySaw}` },
      });

    for (let attempt = 0; attempt < LIMIT; attempt += 1) expect((await viaProxy(`10.9.9.${attempt}`, "203.0.113.50", "wrong")).status).toBe(401);
    expect((await viaProxy("10.9.9.200", "203.0.113.50", owner.password)).status).toBe(429);
    expect((await viaProxy("203.0.113.50", "203.0.113.51", owner.password)).status).toBe(200);
  });
});
