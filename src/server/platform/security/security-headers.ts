// Headers on every response. Scripts run only with this request's nonce ('strict-dynamic' lets
// them load the app's own chunks); styles may be inline because UI primitives set style
// attributes. Photos, recordings and uploads may also come from the S3 endpoint when one is
// configured; blob: pictures and sound are what this device chose or recorded, before they are sent.

export function contentSecurityPolicy({ nonce, development, storageOrigin }: { nonce: string; development: boolean; storageOrigin?: string }) {
  const storage = storageOrigin ? ` ${storageOrigin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' blob: data:${storage}`,
    `media-src 'self' blob:${storage}`,
    "font-src 'self'",
    `connect-src 'self'${storage}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function securityHeaders({ production }: { production: boolean }): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    // The microphone is Family Book's own, for stories told out loud; never a framed page's.
    "Permissions-Policy": "camera=(), microphone=(self), geolocation=(), interest-cohort=()",
    ...(production ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

export function storageOriginFrom(endpoint: string | undefined, bucket: string | undefined, region: string | undefined) {
  if (!bucket) return undefined;
  if (endpoint) return new URL(endpoint).origin;
  return `https://${bucket}.s3.${region ?? "us-east-1"}.amazonaws.com https://s3.${region ?? "us-east-1"}.amazonaws.com`;
}
