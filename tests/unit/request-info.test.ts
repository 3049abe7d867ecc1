import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/server/platform/env";
import { clientAddress, PEER_ADDRESS_HEADER, publicOriginFrom, requestOrigin } from "@/server/platform/http/request-info";

// Which address a request came from and which origin it was sent to
// (docs/decisions/009-client-addresses.md): forwarded headers are believed only as far as
// TRUST_PROXY_HOPS says, and APP_URL wins.

function request(headers: Record<string, string>, url = "http://10.0.0.5:3000/api/auth/login") {
  return new Request(url, { headers });
}

function configure(settings: { TRUST_PROXY_HOPS?: string; APP_URL?: string }) {
  for (const name of ["TRUST_PROXY_HOPS", "APP_URL"] as const) {
    if (settings[name] === undefined) delete process.env[name];
    else process.env[name] = settings[name];
  }
  resetEnvForTests();
}

afterEach(() => configure({}));

describe("the client's address", () => {
  it("is the connection's own address by default, whatever X-Forwarded-For or X-Real-IP say", () => {
    configure({});
    const spoofed = request({ [PEER_ADDRESS_HEADER]: "203.0.113.7", "x-forwarded-for": "198.51.100.1", "x-real-ip": "198.51.100.2" });
    expect(clientAddress(spoofed)).toBe("203.0.113.7");
  });

  it("reads an IPv4 client on a dual-stack socket as IPv4", () => {
    configure({});
    expect(clientAddress(request({ [PEER_ADDRESS_HEADER]: "::ffff:127.0.0.2" }))).toBe("127.0.0.2");
  });

  it("behind one proxy is the address that proxy appended, not what the client wrote before it", () => {
    configure({ TRUST_PROXY_HOPS: "1" });
    const viaProxy = request({ [PEER_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": "1.1.1.1, 198.51.100.9" });
    expect(clientAddress(viaProxy)).toBe("198.51.100.9");
  });

  it("behind two proxies is two hops from the right", () => {
    configure({ TRUST_PROXY_HOPS: "2" });
    const viaProxies = request({ [PEER_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": "1.1.1.1, 198.51.100.9, 10.0.0.3" });
    expect(clientAddress(viaProxies)).toBe("198.51.100.9");
  });

  it("is the furthest address known when the chain is shorter than the trusted hops", () => {
    configure({ TRUST_PROXY_HOPS: "3" });
    expect(clientAddress(request({ [PEER_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": "198.51.100.9" }))).toBe("198.51.100.9");
  });

  it("refuses a TRUST_PROXY_HOPS that is not a whole number", () => {
    process.env.TRUST_PROXY_HOPS = "yes";
    resetEnvForTests();
    expect(() => clientAddress(request({ [PEER_ADDRESS_HEADER]: "10.0.0.2" }))).toThrow("TRUST_PROXY_HOPS must be a whole number");
  });
});

describe("the origin a request was sent to", () => {
  it("ignores X-Forwarded-Host and -Proto by default: a client cannot point our links elsewhere", () => {
    configure({});
    const forged = request({ host: "familybook.local:3000", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" });
    expect(requestOrigin(forged)).toBe("http://familybook.local:3000");
  });

  it("believes them from a trusted proxy", () => {
    configure({ TRUST_PROXY_HOPS: "1" });
    const viaProxy = request({ host: "10.0.0.5:3000", "x-forwarded-host": "family.example", "x-forwarded-proto": "https" });
    expect(requestOrigin(viaProxy)).toBe("https://family.example");
  });

  it("is APP_URL whenever it is set", () => {
    configure({ TRUST_PROXY_HOPS: "1", APP_URL: "https://book.example.org/" });
    expect(publicOriginFrom(new Headers({ host: "evil.example", "x-forwarded-host": "evil.example" }))).toBe("https://book.example.org");
  });
});
