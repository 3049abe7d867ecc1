import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders } from "@/server/platform/security/security-headers";

const directives = (policy: string) => new Map(policy.split("; ").map((directive) => [directive.split(" ")[0], directive.split(" ").slice(1)] as const));

describe("the content security policy", () => {
  it("plays recordings from Family Book itself, from this device (blob:) and from the S3 endpoint when there is one, and from nowhere else", () => {
    expect(directives(contentSecurityPolicy({ nonce: "n", development: false })).get("media-src")).toEqual(["'self'", "blob:"]);
    const withS3 = directives(contentSecurityPolicy({ nonce: "n", development: false, storageOrigin: "https://files.example.org" }));
    expect(withS3.get("media-src")).toEqual(["'self'", "blob:", "https://files.example.org"]);
    expect(withS3.get("img-src")).toContain("https://files.example.org");
    expect(withS3.get("default-src")).toEqual(["'self'"]);
  });

  it("runs only scripts with this request's nonce, and eval only in development", () => {
    expect(directives(contentSecurityPolicy({ nonce: "abc", development: false })).get("script-src")).toEqual(["'self'", "'nonce-abc'", "'strict-dynamic'"]);
    expect(directives(contentSecurityPolicy({ nonce: "abc", development: true })).get("script-src")).toContain("'unsafe-eval'");
  });
});

describe("the permissions policy", () => {
  it("lets Family Book's own pages use the microphone, for stories told out loud, and nothing framed; no camera, no location", () => {
    const policy = securityHeaders({ production: true })["Permissions-Policy"];
    expect(policy).toContain("microphone=(self)");
    expect(policy).toContain("camera=()");
    expect(policy).toContain("geolocation=()");
    expect(securityHeaders({ production: false })).not.toHaveProperty("Strict-Transport-Security");
  });
});
