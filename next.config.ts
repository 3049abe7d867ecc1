import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  output: "standalone",
  poweredByHeader: false,
  reactStrictMode: true,
  // Native and WebAssembly packages load from node_modules at run time instead of being bundled.
  // Migrations are applied at start-up and the PDF book embeds its fonts: the standalone server carries both.
  outputFileTracingIncludes: { "/*": ["./prisma/migrations/**/*", "./assets/fonts/**/*"] },
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "pg", "sharp", "@react-pdf/renderer", "pdfkit"],
};

export default nextConfig;
