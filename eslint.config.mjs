import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import { defineConfig, globalIgnores } from "eslint/config";

/**
 * A client component ("use client") imports only types from the server's code: a value import
 * would ship server code, and its secrets, to the browser (docs/architecture.md).
 */
const clientBoundary = {
  rules: {
    "no-server-values": {
      meta: { type: "problem", messages: { server: "A client component imports only types from {{source}}: a value would ship server code to the browser." } },
      create(context) {
        let client = false;
        return {
          Program(program) {
            client = program.body.some((statement) => statement.type === "ExpressionStatement" && statement.directive === "use client");
          },
          ImportDeclaration(node) {
            const source = String(node.source.value);
            if (!client || node.importKind === "type" || !(source === "@/server" || source.startsWith("@/server/"))) return;
            if (node.specifiers.length > 0 && node.specifiers.every((specifier) => specifier.importKind === "type")) return;
            context.report({ node, messageId: "server", data: { source } });
          },
        };
      },
    },
  },
};

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  {
    // Type-aware: a promise nobody awaits is a failure nobody sees.
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { "family-book": clientBoundary },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports", disallowTypeAnnotations: false }],
      "family-book/no-server-values": "error",
    },
  },
  {
    // One clock (docs/decisions/040-one-clock.md): the server reads "now" from @/server/platform/clock and
    // hands it to SQL as a parameter, so a test that sets the clock moves every rule at once.
    files: ["src/server/**/*.ts", "src/server/**/*.tsx", "src/app/**/route.ts"],
    // The migration ledger records when the database applied each step, in its own time.
    ignores: ["src/server/platform/clock.ts", "src/server/platform/db/migrate.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: "Read the time from now() in @/server/platform/clock (decision 040)." },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: "Read the time from now() in @/server/platform/clock, or measure a duration with performance.now() (decision 040).",
        },
        {
          selector: "TemplateElement[value.raw=/\\bnow\\(\\)|CURRENT_TIMESTAMP|CURRENT_DATE/i]",
          message: "SQL takes the time as a parameter from now() in @/server/platform/clock, never its own now() (decision 040).",
        },
      ],
    },
  },
  globalIgnores([
    ".next/**",
    "node_modules/**",
    "src/generated/**",
    "data/**",
    ".e2e/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
    "bench/bare-next/.next/**",
  ]),
]);
