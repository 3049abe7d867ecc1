import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as openApiRoute } from "@/app/api/openapi.json/route";
import { apiOperations, openApiDocument } from "@/server/openapi/document";
import { call } from "../helpers/api";
import { CATCH_ALL, loadRoute, ownMethodsOf, routeFiles, type OwnMethod } from "../helpers/api-routes";

// The generated reference (GET /api/openapi.json) and the route files are held to each other: a
// route's method without an operation fails here, and so does an operation without a route.
// docs/api.md's index of operations is held to the document the same way.

// Auth.js cannot be loaded outside Next; only which methods its route file exports matters here.
vi.mock("@/server/accounts/auth/google-provider", () => import("../helpers/google-provider"));

type Segment = { kind: "static"; name: string } | { kind: "dynamic"; name: string } | { kind: "catch-all"; name: string };

function segmentsOf(route: string): Segment[] {
  return route.split("/").map((segment) => {
    const catchAll = /^\[\.\.\.(\w+)\]$/.exec(segment);
    if (catchAll) return { kind: "catch-all", name: catchAll[1]! };
    const dynamic = /^\[(\w+)\]$/.exec(segment);
    if (dynamic) return { kind: "dynamic", name: dynamic[1]! };
    return { kind: "static", name: segment };
  });
}

/**
 * Whether a documented path is served by the route file, and how specifically (Next's order:
 * a folder's own name before [id] before [...rest]); null when it is not. A dynamic segment
 * matches only {the same name}; a catch-all matches {its name} or one or more segments.
 */
function match(route: string, documented: string): number[] | null {
  const wanted = documented.split("/").slice(1);
  const segments = segmentsOf(route);
  const ranks: number[] = [];
  for (const [index, segment] of segments.entries()) {
    const part = wanted[index];
    if (part === undefined) return null;
    if (segment.kind === "static") {
      if (part !== segment.name) return null;
      ranks.push(0);
    } else if (segment.kind === "dynamic") {
      if (part !== `{${segment.name}}`) return null;
      ranks.push(1);
    } else {
      if (index !== segments.length - 1) return null;
      return [...ranks, 2];
    }
  }
  return wanted.length === segments.length ? ranks : null;
}

const moreSpecific = (a: number[], b: number[]) => {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) if (a[index] !== b[index]) return a[index]! < b[index]!;
  return a.length > b.length;
};

/** The route file Next would answer a documented path with, or undefined (the 404 catch-all's). */
function routeFor(documented: string, routes: string[]) {
  let best: { route: string; ranks: number[] } | undefined;
  for (const route of routes) {
    const ranks = match(route, documented);
    if (ranks && (!best || moreSpecific(ranks, best.ranks))) best = { route, ranks };
  }
  return best?.route;
}

const servedRoutes = routeFiles.filter((route) => route !== CATCH_ALL);
const label = (method: string, documented: string) => `${method.toUpperCase()} ${documented}`;

describe("the OpenAPI document", () => {
  let served: Map<string, OwnMethod[]>;

  beforeAll(async () => {
    served = new Map(await Promise.all(servedRoutes.map(async (route) => [route, ownMethodsOf(await loadRoute(route))] as const)));
  });

  it("matches documented paths to route files as Next does (the matching itself can fail)", () => {
    const routes = ["memories", "memories/[id]", "memories/shared", "auth/[...nextauth]", "auth/me", "storage/[...key]"];
    expect(routeFor("/memories/shared", routes)).toBe("memories/shared");
    expect(routeFor("/memories/{id}", routes)).toBe("memories/[id]");
    expect(routeFor("/memories/{memoryId}", routes)).toBeUndefined();
    expect(routeFor("/memories/{id}/photos", routes)).toBeUndefined();
    expect(routeFor("/auth/me", routes)).toBe("auth/me");
    expect(routeFor("/auth/callback/{provider}", routes)).toBe("auth/[...nextauth]");
    expect(routeFor("/storage/{key}", routes)).toBe("storage/[...key]");
    expect(routeFor("/does-not-exist", routes)).toBeUndefined();
  });

  it("has an operation for every method of every route file", () => {
    const documented = new Set(apiOperations.map((operation) => `${operation.method.toUpperCase()} ${routeFor(operation.path, servedRoutes)}`));
    const missing = [...served].flatMap(([route, methods]) =>
      methods.filter((method) => !documented.has(`${method} ${route}`)).map((method) => `${method} /api/${route}`),
    );
    expect(missing, "served but not documented").toEqual([]);
  });

  it("has no operation that no route file serves", () => {
    const orphans = apiOperations
      .filter((operation) => {
        const route = routeFor(operation.path, servedRoutes);
        return !route || !served.get(route)!.includes(operation.method.toUpperCase() as OwnMethod);
      })
      .map((operation) => label(operation.method, operation.path));
    expect(orphans, "documented but not served").toEqual([]);
  });

  it("declares every path parameter its paths name, and no other", () => {
    const document = openApiDocument();
    for (const [documented, item] of Object.entries(document.paths ?? {})) {
      const named = [...documented.matchAll(/\{(\w+)\}/g)].map((found) => found[1]).sort();
      for (const method of ["get", "post", "put", "patch", "delete"] as const) {
        const operation = item[method];
        if (!operation) continue;
        const declared = (operation.parameters ?? []).flatMap((parameter) => ("in" in parameter && parameter.in === "path" ? [parameter.name] : [])).sort();
        expect(declared, label(method, documented)).toEqual(named);
        expect(Object.keys(operation.responses ?? {}).length, label(method, documented)).toBeGreaterThan(0);
      }
    }
  });

  it("is OpenAPI 3.1, with one operation per documented method and path", () => {
    const document = openApiDocument();
    expect(document.openapi).toBe("3.1.0");
    const operations = Object.entries(document.paths ?? {}).flatMap(([documented, item]) =>
      (["get", "post", "put", "patch", "delete"] as const).filter((method) => item[method]).map((method) => label(method, documented)),
    );
    expect(operations.sort()).toEqual(apiOperations.map((operation) => label(operation.method, operation.path)).sort());
    // Every schema it names is there.
    const text = JSON.stringify(document);
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/(\w+)"/g)) expect(document.components?.schemas?.[name!], name).toBeDefined();
  });

  it("is served at GET /api/openapi.json to anyone, cacheable", async () => {
    const result = await call(openApiRoute, "/api/openapi.json");
    expect(result.status).toBe(200);
    expect(result.headers.get("content-type")).toMatch(/^application\/json/);
    expect(result.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(result.headers.get("set-cookie")).toBeNull();
    expect(result.body).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  it("is listed operation by operation in docs/api.md's index, and the index lists nothing else", () => {
    const guide = readFileSync(path.join(process.cwd(), "docs", "api.md"), "utf8");
    const index = /^## Index of operations\n([\s\S]*?)(?=^## )/m.exec(guide)?.[1];
    expect(index, "docs/api.md has an index").toBeDefined();
    const listed = [...index!.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/[^`\s]*)`/g)].map(([, method, documented]) => `${method} ${documented}`).sort();
    expect(listed).toEqual(apiOperations.map((operation) => label(operation.method, operation.path)).sort());
  });
});
