import type { NextConfig } from "next";

// Pages get their headers (with a per-request CSP nonce) from src/proxy.ts; API answers are
// JSON and files, so they get fixed headers here and skip the proxy altogether.
const apiHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'; sandbox" },
  ...(process.env.NODE_ENV === "production" ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }] : []),
];

const nextConfig: NextConfig = {
  output: "standalone",
  poweredByHeader: false,
  reactStrictMode: true,
  // Migrations are applied at start-up and the PDF book embeds its fonts: the standalone server carries both.
  outputFileTracingIncludes: { "/*": ["./prisma/migrations/**/*", "./assets/fonts/**/*"] },
  // Native packages load from node_modules at run time instead of being bundled.
  serverExternalPackages: ["smtp-server", "mailparser", "pg", "sharp", "@react-pdf/renderer", "@react-pdf/layout", "@react-pdf/render", "pdfkit"],
  // Where the proxy (src/proxy.ts) runs, Next copies each request body (up to this size) so the
  // proxy could read it. It runs for pages only, which take no bodies, and never for /api, whose
  // routes read their bodies as streams with caps of their own (docs/decisions/007-bounded-requests.md).
  experimental: { proxyClientMaxBodySize: "64kb" },
  async headers() {
    return [{ source: "/api/:path*", headers: apiHeaders }];
  },
};

export default nextConfig;
