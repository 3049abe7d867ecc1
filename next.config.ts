import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  output: "standalone",
  poweredByHeader: false,
  reactStrictMode: true,
  // Migrations are applied at start-up and the PDF book embeds its fonts: the standalone server carries both.
  outputFileTracingIncludes: { "/*": ["./prisma/migrations/**/*", "./assets/fonts/**/*"] },
  // Native and WebAssembly packages load from node_modules at run time instead of being bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg", "sharp", "@react-pdf/renderer", "pdfkit"],
  // With a proxy (src/proxy.ts) Next buffers request bodies up to 10 MB and cuts the rest; a memory
  // sent as one multipart form may carry five photos of up to 5 MB each.
  experimental: { proxyClientMaxBodySize: "30mb" },
};

export default nextConfig;
