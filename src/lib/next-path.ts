// Where to go after signing in: the `next` query parameter of /register and /login
// (docs/product.md §4, docs/decisions/018-first-visit.md). It arrives from anyone's link, so only a
// path on this site is ever followed — never another site, whatever the spelling.

const BASE = "https://family-book.invalid";
const MAX_LENGTH = 1024;
// Control characters, spaces and backslashes have no place in a path Family Book writes; browsers
// drop or rewrite some of them (a tab, "\"), which is how "/\t/evil.com" becomes "//evil.com".
const FORBIDDEN = /[\u0000-\u0020\u007f-\u009f\\\u2028\u2029\ufeff]/;

function looksSafe(path: string) {
  return path.startsWith("/") && !path.startsWith("//") && !FORBIDDEN.test(path);
}

/** Decodes percent-escapes until nothing changes; null when an escape is broken. */
function fullyDecoded(path: string) {
  let current = path;
  for (let round = 0; round < 5; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (decoded === current) return current;
    current = decoded;
  }
  return null;
}

/**
 * The `next` parameter as a same-site path ("/memories/add", "/ask?x=1#y"), or null when it is
 * missing or could lead anywhere else: absolute addresses, "//host", backslashes, control
 * characters, and the same hidden behind percent-escapes.
 */
export function safeNextPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!looksSafe(value)) return null;
  const decoded = fullyDecoded(value);
  if (decoded === null || !looksSafe(decoded)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // "/.//host" normalises to "//host", "/./%2F" to "/%2F": judge what would really be followed.
  const pathDecoded = fullyDecoded(path);
  return looksSafe(path) && pathDecoded !== null && looksSafe(pathDecoded) ? path : null;
}

/** "/register?tab=login&next=…": the sign-in page that comes back to `path` afterwards. */
export function signInHref(path: string, tab: "login" | "register" = "login") {
  const next = safeNextPath(path);
  const query = new URLSearchParams({ tab });
  if (next && next !== "/") query.set("next", next);
  return `/register?${query.toString()}`;
}
