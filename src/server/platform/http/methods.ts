import { failure } from "./envelope";

// Next answers a method that a route file does not export with an empty 405, and its automatic
// OPTIONS lists every exported method. Each route file therefore exports, beside its own
// handlers, the ones this module makes for every other method (tests/api/api-routes.test.ts
// walks src/app/api and holds every route file to it):
//
//   export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
//
// A missing method answers a JSON 405 envelope with an Allow header; OPTIONS answers 204 with the
// same Allow header; HEAD is left to Next (it runs GET without the body) where there is a GET.

export const ROUTE_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];
type OwnMethod = Exclude<RouteMethod, "HEAD" | "OPTIONS">;
type OtherMethod<Own extends OwnMethod> = Exclude<OwnMethod, Own> | "OPTIONS" | ("GET" extends Own ? never : "HEAD");

/** Marks the handlers made here, so the route walk can tell them from a route's own. */
export const MADE_FOR_OTHER_METHODS = Symbol.for("family-book.other-methods");

type Handler = ((request: Request) => Response) & { [MADE_FOR_OTHER_METHODS]?: true };

/** The Allow header for a route with these methods, as Next writes it (sorted, HEAD with GET). */
export function allowHeader(own: readonly OwnMethod[]) {
  const allowed = new Set<string>([...own, "OPTIONS"]);
  if (allowed.has("GET")) allowed.add("HEAD");
  return [...allowed].sort().join(", ");
}

export function otherMethods<const Own extends OwnMethod[]>(...own: Own): Record<OtherMethod<Own[number]>, Handler> {
  const allow = allowHeader(own);
  const handlers: Partial<Record<RouteMethod, Handler>> = {};
  for (const method of ROUTE_METHODS) {
    if ((own as readonly string[]).includes(method) || (method === "HEAD" && own.includes("GET"))) continue;
    const handler: Handler =
      method === "OPTIONS"
        ? () => new Response(null, { status: 204, headers: { Allow: allow } })
        : (request) => failure(405, `${request.method} is not allowed here. This address accepts ${allow}.`, { headers: { Allow: allow } });
    handler[MADE_FOR_OTHER_METHODS] = true;
    handlers[method] = handler;
  }
  return handlers as Record<OtherMethod<Own[number]>, Handler>;
}
