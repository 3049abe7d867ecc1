import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// No module in src imports itself back through others (docs/architecture.md): a domain sends its
// own jobs, the start-up alone reads the list of jobs, and the platform needs no domain to send.
// Imports of types only are left out (they are gone at run time); lazy `import()` counts, since a
// cycle dodged by loading late is still a cycle.

const SRC = path.join(process.cwd(), "src");
const EXTENSIONS = [".ts", ".tsx", ".mjs", ".js"];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return EXTENSIONS.includes(path.extname(entry.name)) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/") ? path.join(SRC, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : null;
  if (!base) return null;
  const candidates = [base, ...EXTENSIONS.map((extension) => base + extension), ...EXTENSIONS.map((extension) => path.join(base, `index${extension}`))];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

/** What a module needs at run time: static imports and re-exports that are not types only, and import() calls. */
function runtimeImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typesOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      if (!typesOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const typesOnly =
        node.isTypeOnly || (clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly));
      if (!typesOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every cycle's modules (each strongly connected group of more than one, or a module importing itself). */
function importCycles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return groups;
}

describe("imports in src", () => {
  it("finds a cycle when there is one, and types-only imports are not one", () => {
    const graph = new Map<string, string[]>([
      ["queue", ["list"]],
      ["list", ["job"]],
      ["job", ["queue"]],
      ["alone", []],
    ]);
    expect(importCycles(graph)).toEqual([["job", "list", "queue"]]);
    expect(runtimeImports("a.ts", 'import type { A } from "./b";\nimport { type C } from "./c";\nexport type { D } from "./d";')).toEqual([]);
    expect(runtimeImports("a.ts", 'import { e, type F } from "./e";\nconst g = () => import("./g");\nexport { h } from "./h";')).toEqual(["./e", "./g", "./h"]);
  });

  it("form no cycle", () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(300);
    const cycles = importCycles(graph).map((group) => group.map((file) => path.relative(process.cwd(), file)));
    expect(cycles).toEqual([]);
  });

  it("keep the database, the queue and the storage free of any domain: they open, migrate, send and store, and know no product rule", () => {
    const graph = importGraph();
    const lower = ["platform/db", "platform/jobs", "platform/storage"].map((folder) => path.join(SRC, "server", folder) + path.sep);
    const domains = ["accounts", "family", "memories", "questions", "conversations", "news", "book", "recordings"].map(
      (folder) => path.join(SRC, "server", folder) + path.sep,
    );
    const crossings = [...graph].flatMap(([file, imports]) =>
      lower.some((folder) => file.startsWith(folder))
        ? imports
            .filter((target) => domains.some((folder) => target.startsWith(folder)))
            .map((target) => `${path.relative(SRC, file)} → ${path.relative(SRC, target)}`)
        : [],
    );
    expect(crossings).toEqual([]);
  });
});

function importGraph() {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const imports = runtimeImports(file, readFileSync(file, "utf8"))
      .map((specifier) => resolve(file, specifier))
      .filter((target): target is string => target !== null);
    graph.set(file, imports);
  }
  return graph;
}
