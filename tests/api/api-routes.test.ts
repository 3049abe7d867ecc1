import { beforeEach, describe, expect, it, vi } from "vitest";
import { call } from "../helpers/api";
import { CATCH_ALL, loadRoute as load, OWN_METHODS, ownMethodsOf, routeFiles } from "../helpers/api-routes";
import { googleIdentity } from "../helpers/google-provider";

// Every /api answer is an envelope, whatever the address and the method: this walks every route
// file under src/app/api, so a route added later is held to the same rules without a new test.

// Auth.js cannot be loaded outside Next; its route file is tested for what it adds to Auth.js.
vi.mock("@/server/accounts/auth/google-provider", () => import("../helpers/google-provider"));
// Whoever reaches the Google completion route has just been vouched for, each time a new person.
beforeEach(() => {
  googleIdentity.mockImplementation(async () => ({ user: { email: `gia.${Date.now()}@example.test` }, given_name: "Gia", family_name: "Rossi" }));
});

const ID = "0b7c6a4e-1d7e-4b8a-9a61-2f0c3a9d1e55";

/** An address for the route, with a plausible value for each dynamic segment. */
function addressOf(route: string) {
  const segments = route.split("/");
  const params: Record<string, string | string[]> = {};
  const url = segments.map((segment) => {
    const dynamic = /^\[(?:\.\.\.)?(\w+)\]$/.exec(segment);
    if (!dynamic) return segment;
    params[dynamic[1]!] = segment.startsWith("[...") ? ["photos", "x.jpg"] : ID;
    return segment.startsWith("[...") ? "photos/x.jpg" : ID;
  });
  return { path: `/api/${url.join("/")}`, params };
}

/** Written out here rather than taken from the code under test: GET brings HEAD, OPTIONS always. */
function expectedAllow(own: string[]) {
  return [...own, ...(own.includes("GET") ? ["HEAD"] : []), "OPTIONS"].sort().join(", ");
}

describe("the /api route files", () => {
  it("are all found by this walk (the walk itself can fail)", () => {
    expect(routeFiles).toEqual(expect.arrayContaining(["memories", "memories/[id]", "auth/[...nextauth]", "storage/[...key]", CATCH_ALL]));
    expect(routeFiles.length).toBeGreaterThanOrEqual(26);
  });

  it.each(routeFiles.filter((route) => route !== CATCH_ALL))("/api/%s answers every method it lacks with a 405 envelope and an Allow header", async (route) => {
    const routeModule = await load(route);
    const own = ownMethodsOf(routeModule);
    expect(own.length, "a route file serves at least one method").toBeGreaterThan(0);
    const allow = expectedAllow(own);
    const { path: address, params } = addressOf(route);

    for (const method of OWN_METHODS) expect(typeof routeModule[method], `${method} is exported`).toBe("function");
    // HEAD is Next's own (GET without the body) where there is a GET; a 405 where there is none.
    expect(typeof routeModule.HEAD).toBe(own.includes("GET") ? "undefined" : "function");
    const lacking = [...OWN_METHODS.filter((method) => !own.includes(method)), ...(own.includes("GET") ? [] : ["HEAD"])];

    for (const method of lacking) {
      const result = await call(routeModule[method]!, address, { method, params });
      expect(result.status, `${method} ${address}`).toBe(405);
      expect(result.headers.get("allow")).toBe(allow);
      expect(result.headers.get("content-type")).toMatch(/^application\/json/);
      expect(result.body).toEqual({ success: false, data: null, error: `${method} is not allowed here. This address accepts ${allow}.` });
    }

    const options = await routeModule.OPTIONS!(new Request(`http://localhost:3000${address}`, { method: "OPTIONS" }), { params: Promise.resolve(params) });
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe(allow);
  });

  it("an unknown /api address answers a 404 envelope for every method", async () => {
    const routeModule = await load(CATCH_ALL);
    for (const method of ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]) {
      const result = await call(routeModule[method]!, "/api/does-not-exist", { method, params: { path: ["does-not-exist"] } });
      expect(result.status, method).toBe(404);
      expect(result.headers.get("content-type")).toMatch(/^application\/json/);
      expect(result.body).toEqual({ success: false, data: null, error: "There is no API at /api/does-not-exist." });
    }
  });

  it.each(routeFiles.filter((route) => route !== CATCH_ALL && route !== "auth/[...nextauth]"))(
    "/api/%s: an unreadable session cookie is no session, never a 500",
    async (route) => {
      const routeModule = await load(route);
      const { path: address, params } = addressOf(route);
      for (const method of ownMethodsOf(routeModule)) {
        const result = await call(routeModule[method]!, address, { method, params, cookie: "fb_session=%E0%A4%A; fb_invite=%E0%A4%A" });
        expect(result.status, `${method} ${address}: ${JSON.stringify(result.body)}`).toBeLessThan(500);
      }
    },
  );
});
