import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  output: "standalone",
  poweredByHeader: false,
  reactStrictMode: true,
  // Native and WebAssembly packages load from node_modules at run time instead of being bundled.
  // Migrations are applied at start-up, so the standalone server carries them.
  outputFileTracingIncludes: { "/*": ["./prisma/migrations/**/*"] },
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg", "sharp"],
};

export default nextConfig;
