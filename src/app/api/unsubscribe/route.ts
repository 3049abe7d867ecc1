// GET    /api/unsubscribe?token= – a mail program opening the List-Unsubscribe address: on to the page that says what it does
// POST   /api/unsubscribe?token= – one-click unsubscribe (RFC 8058): the kind of email the link names is turned off
// DELETE /api/unsubscribe?token= – undo it: that kind is turned back on
import { setSubscriptionByToken } from "@/server/accounts/email-preferences/unsubscribe";
import { ok } from "@/server/platform/http/envelope";
import { otherMethods } from "@/server/platform/http/methods";
import { readBodyCapped } from "@/server/platform/http/read-body";
import { publicRoute } from "@/server/platform/http/route";

// The signed token is the whole permission: mail programs post here from their own servers,
// without a cookie (docs/decisions/013-email.md). A GET never changes anything, since mail scanners fetch links.

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token");

/** RFC 8058's body is "List-Unsubscribe=One-Click"; whatever comes is read (at most 1 kB) and not needed. */
const ONE_CLICK_BODY_CAP = 1024;

export const GET = publicRoute(
  async ({ request }) => {
    const page = new URL("/unsubscribe", request.url);
    page.search = new URLSearchParams({ token: tokenOf(request) ?? "" }).toString();
    return new Response(null, { status: 303, headers: { Location: `${page.pathname}${page.search}` } });
  },
  { crossSite: true },
);

export const POST = publicRoute(
  async ({ request }) => {
    await readBodyCapped(request, ONE_CLICK_BODY_CAP);
    return ok(await setSubscriptionByToken({ token: tokenOf(request), enabled: false }));
  },
  { crossSite: true },
);

// Undoing is done from the unsubscribe page only, so it stays same-site like every other change.
export const DELETE = publicRoute(async ({ request }) => ok(await setSubscriptionByToken({ token: tokenOf(request), enabled: true })));

export const { PUT, PATCH, OPTIONS } = otherMethods("GET", "POST", "DELETE");
