// npm test: the Vitest suites (unit and integration in process, then the server tests against
// the production build, which Vitest builds first when it is out of date), then the end-to-end
// tests (Playwright in Debian's Chromium) against the same build. Fails when any of them fails.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { freePort } from "./lib/app-server.mjs";
import { build, buildIsCurrent } from "./start.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

const unit = run(bin("vitest"), ["run"]);

if (!buildIsCurrent()) build();
rmSync(path.join(root, ".e2e"), { recursive: true, force: true });
rmSync(path.join(root, "test-results"), { recursive: true, force: true });
const endToEnd = run(bin("playwright"), ["test"], { E2E_PORT: String(await freePort()) });

console.log(`\nUnit and integration tests: ${unit === 0 ? "passed" : "FAILED"}; end-to-end tests: ${endToEnd === 0 ? "passed" : "FAILED"}.`);
process.exit(unit === 0 && endToEnd === 0 ? 0 : 1);
