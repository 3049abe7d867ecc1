import { getEnv } from "@/server/platform/env";

// Who is calling, and through which address they reached us (docs/decisions/009-client-addresses.md).
// Forwarded headers are written by whoever sent the request, so none is believed by default: the
// client is the connection's own address. With TRUST_PROXY_HOPS=n (n proxies of ours in front,
// each appending to X-Forwarded-For), the client is the address n hops from the right, as
// Express's "trust proxy" counts them. APP_URL, when set, is the one public origin.

/** Set by the production entry (bin/family-book-server.mjs) from the socket; clients cannot forge it. */
export const PEER_ADDRESS_HEADER = "x-family-book-peer-address";

const UNKNOWN_ADDRESS = "unknown";

function normaliseAddress(address: string | undefined) {
  const trimmed = address?.trim().replace(/^\[|\]$/g, "") ?? "";
  // An IPv4 client on a dual-stack socket: "::ffff:203.0.113.7" is 203.0.113.7.
  return trimmed.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1").toLowerCase();
}

const listOf = (header: string | null) =>
  (header ?? "")
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean);

let warnedAboutMissingPeer = false;

/** The address a request came from, for per-address limits. */
export function clientAddress(request: Request, trustedHops = getEnv().TRUST_PROXY_HOPS): string {
  const peer = normaliseAddress(request.headers.get(PEER_ADDRESS_HEADER) ?? undefined);
  if (!peer) {
    if (!warnedAboutMissingPeer) {
      warnedAboutMissingPeer = true;
      console.warn("Client addresses are unknown: start Family Book with `npm start` (or family-book-server.mjs) rather than server.js.");
    }
    return UNKNOWN_ADDRESS;
  }
  if (trustedHops === 0) return peer;
  const chain = [...listOf(request.headers.get("x-forwarded-for")), peer];
  return normaliseAddress(chain[Math.max(0, chain.length - 1 - trustedHops)]) || UNKNOWN_ADDRESS;
}

/** The value the outermost trusted proxy wrote into a forwarded list header, or undefined. */
function forwardedValue(header: string | null, trustedHops: number) {
  if (trustedHops === 0) return undefined;
  const values = listOf(header);
  return values.length ? values[Math.max(0, values.length - trustedHops)] : undefined;
}

/**
 * The origin people reach Family Book at: APP_URL when set; otherwise the Host the browser asked
 * for, over HTTP, unless trusted proxies say which host and scheme the browser used.
 */
export function publicOriginFrom(headers: Headers, fallbackHost = "localhost:3000") {
  const env = getEnv();
  if (env.APP_URL) return new URL(env.APP_URL).origin;
  const hops = env.TRUST_PROXY_HOPS;
  const protocol = forwardedValue(headers.get("x-forwarded-proto"), hops)?.toLowerCase() === "https" ? "https" : "http";
  const host = forwardedValue(headers.get("x-forwarded-host"), hops) ?? headers.get("host") ?? fallbackHost;
  return `${protocol}://${host}`;
}

/** The origin the browser used to reach us (see publicOriginFrom). */
export function requestOrigin(request: Request) {
  return publicOriginFrom(request.headers, new URL(request.url).host);
}

/** A cross-site request: the browser says so (Sec-Fetch-Site) or its Origin is not ours. */
export function isCrossSite(request: Request, allowedOrigins: string[]) {
  const origin = request.headers.get("origin");
  if (origin) return !allowedOrigins.includes(origin);
  const fetchSite = request.headers.get("sec-fetch-site");
  return fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none";
}

export function cameOverHttps(request: Request) {
  return requestOrigin(request).startsWith("https:");
}
