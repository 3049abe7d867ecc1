import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  globalIgnores([".next/**", "node_modules/**", "src/generated/**", "data/**", ".e2e/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "bench/bare-next/.next/**"]),
]);
