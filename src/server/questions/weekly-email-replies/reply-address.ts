// The per-question reply address of a weekly email (docs/decisions/022-answers-by-reply.md):
// answers+<token>@<INBOUND_DOMAIN>, where <token> is the email's own answer-link token (256 random
// bits, 43 base64url characters). Everything here reads addresses from mail, so it is untrusted:
// anything that is not exactly that shape is no reply address at all.

export const REPLY_MAILBOX = "answers";

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The Reply-To address carrying a link's token. */
export function replyAddressFor(token: string, domain: string) {
  return `${REPLY_MAILBOX}+${token}@${domain.toLowerCase()}`;
}

/**
 * The token in a reply address, or null. The mailbox name and the domain are compared without
 * regard to case (mail systems change it); the token is taken exactly as it is.
 */
export function tokenFromReplyAddress(address: unknown, domain: string): string | null {
  if (typeof address !== "string" || address.length > 320) return null;
  const trimmed = address.trim().replace(/^<(.*)>$/, "$1");
  const at = trimmed.lastIndexOf("@");
  if (at <= 0 || trimmed.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const local = trimmed.slice(0, at);
  const plus = local.indexOf("+");
  if (plus < 0 || local.slice(0, plus).toLowerCase() !== REPLY_MAILBOX) return null;
  const token = local.slice(plus + 1);
  return TOKEN.test(token) ? token : null;
}

/** The first reply address among these (the envelope's recipients, then the message's own To, Cc…). */
export function findReplyToken(addresses: readonly unknown[], domain: string | undefined): string | null {
  if (!domain) return null;
  for (const address of addresses) {
    const token = tokenFromReplyAddress(address, domain);
    if (token) return token;
  }
  return null;
}
