import { readdirSync } from "node:fs";
import path from "node:path";
import { MADE_FOR_OTHER_METHODS } from "@/server/platform/http/methods";

// The route files under src/app/api, found by walking the folder, so that a route added later is
// held to every rule without a new test (tests/api/api-routes.test.ts, tests/api/openapi.test.ts).

const API = path.join(process.cwd(), "src", "app", "api");

export const OWN_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type OwnMethod = (typeof OWN_METHODS)[number];

export type Handler = ((request: Request, context: { params: Promise<unknown> }) => Promise<Response> | Response) & { [MADE_FOR_OTHER_METHODS]?: true };
export type RouteModule = Partial<Record<string, Handler>>;

/** Each route as its folder under src/app/api, e.g. "memories/[id]". */
export const routeFiles = readdirSync(API, { recursive: true, encoding: "utf8" })
  .filter((file) => path.basename(file) === "route.ts")
  .map((file) => path.dirname(file).split(path.sep).join("/"))
  .sort();

/** The optional catch-all that answers 404 for every address no route serves. */
export const CATCH_ALL = "[[...path]]";

export const loadRoute = (route: string) => import(`@/app/api/${route}/route`) as Promise<RouteModule>;

/** The methods the route serves itself, not the 405s made for it by otherMethods(). */
export const ownMethodsOf = (routeModule: RouteModule) =>
  OWN_METHODS.filter((method) => typeof routeModule[method] === "function" && !routeModule[method]![MADE_FOR_OTHER_METHODS]);
