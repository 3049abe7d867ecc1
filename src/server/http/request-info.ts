// What a handler may know about who is calling from where. Family Book is meant to run behind
// a reverse proxy or load balancer that sets X-Forwarded-For; its first address is the client.

export function clientAddress(request: Request) {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("x-real-ip")?.trim() || "unknown";
}

/** The origin the browser used to reach us (scheme and host, as forwarded by a proxy). */
export function requestOrigin(request: Request) {
  const url = new URL(request.url);
  const protocol = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? url.protocol.replace(":", "");
  const host = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() ?? request.headers.get("host") ?? url.host;
  return `${protocol}://${host}`;
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
