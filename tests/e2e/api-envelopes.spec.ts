import { expect, test } from "@playwright/test";

// The built server's routing: the catch-all answers unknown /api addresses with a 404 envelope
// without shadowing any real route (Auth.js and the local storage route included), and a wrong
// method is a 405 envelope with an Allow header. Unit tests cannot see Next's route matching.

test.describe("every /api answer is an envelope @desktop-only", () => {
  for (const address of ["/api/does-not-exist", "/api", "/api/memories/x/y", "/api/questionnaires/responses/x/y/z"]) {
    test(`GET ${address} is a 404 envelope, not the HTML page`, async ({ request }) => {
      const response = await request.get(address);
      expect(response.status()).toBe(404);
      expect(response.headers()["content-type"]).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ success: false, data: null, error: `There is no API at ${address}.` });
    });
  }

  test("an unknown address is a 404 envelope for writes too", async ({ request }) => {
    const response = await request.delete("/api/does-not-exist");
    expect(response.status()).toBe(404);
    expect((await response.json()).success).toBe(false);
  });

  test("DELETE /api/memories is a 405 envelope naming the methods it accepts", async ({ request }) => {
    const response = await request.delete("/api/memories");
    expect(response.status()).toBe(405);
    expect(response.headers()["allow"]).toBe("GET, HEAD, OPTIONS, POST");
    expect(await response.json()).toEqual({
      success: false,
      data: null,
      error: "DELETE is not allowed here. This address accepts GET, HEAD, OPTIONS, POST.",
    });
  });

  test("OPTIONS lists only the methods a route really has; HEAD follows GET", async ({ request }) => {
    const options = await request.fetch("/api/memories/0b7c6a4e-1d7e-4b8a-9a61-2f0c3a9d1e55", { method: "OPTIONS" });
    expect(options.status()).toBe(204);
    expect(options.headers()["allow"]).toBe("DELETE, GET, HEAD, OPTIONS, PUT");
    expect((await request.head("/api/auth/me")).status()).toBe(401);
    const headLogin = await request.head("/api/auth/login");
    expect(headLogin.status()).toBe(405);
    expect(headLogin.headers()["allow"]).toBe("OPTIONS, POST");
  });

  test("real routes are not shadowed: the API, Auth.js and the storage route answer as before", async ({ request }) => {
    const me = await request.get("/api/auth/me");
    expect(me.status()).toBe(401);
    expect(await me.json()).toEqual({ success: false, data: null, error: "Please sign in to continue." });
    const csrf = await request.get("/api/auth/csrf");
    expect(csrf.status()).toBe(200);
    expect(await csrf.json()).toEqual({ csrfToken: expect.any(String) });
    const storage = await request.get("/api/storage/memories/x/original.jpg");
    expect(storage.status()).toBe(403);
    expect((await storage.json()).error).toBe("This link is not valid.");
  });

  test("a page address that does not exist is still the HTML page", async ({ request }) => {
    const response = await request.get("/does-not-exist");
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toMatch(/^text\/html/);
  });
});
