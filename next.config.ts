import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  output: "standalone",
  poweredByHeader: false,
  reactStrictMode: true,
  // Native and WebAssembly packages load from node_modules at run time instead of being bundled.
  // Migrations are applied at start-up, so the standalone server carries them.
  outputFileTracingIncludes: { "/*": ["./prisma/migrations/**/*"] },
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg", "sharp"],
  // With a proxy (src/proxy.ts) Next buffers request bodies up to 10 MB and cuts the rest; a memory
  // sent as one multipart form may carry five photos of up to 5 MB each.
  experimental: { proxyClientMaxBodySize: "30mb" },
};

export default nextConfig;
