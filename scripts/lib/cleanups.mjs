// What a script started must be stopped and removed whatever happens: on success, on failure and
// on Ctrl-C. Each start registers its undoing step; `run()` takes them last-in first-out, once.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export function createCleanups() {
  const steps = [];
  let running;
  const cleanups = {
    /** Registers a step (sync or async) to run at clean-up, before the steps registered earlier. */
    add(step) {
      steps.push(step);
    },
    /** A new temporary folder, removed at clean-up. */
    temporaryFolder(prefix) {
      const folder = mkdtempSync(path.join(tmpdir(), prefix));
      cleanups.add(() => rmSync(folder, { recursive: true, force: true }));
      return folder;
    },
    /** Runs every step; a step that fails is reported and the others still run. */
    run() {
      running ??= (async () => {
        while (steps.length) {
          const step = steps.pop();
          try {
            await step();
          } catch (error) {
            console.error(`Cleanup step failed: ${error.message}`);
          }
        }
      })();
      return running;
    },
    /** On SIGINT or SIGTERM: prints `message(signal)`, cleans up, exits with 130. */
    runOnSignals(message) {
      for (const signal of ["SIGINT", "SIGTERM"]) {
        process.once(signal, () => {
          console.error(message(signal));
          void cleanups.run().finally(() => process.exit(130));
        });
      }
    },
  };
  return cleanups;
}
