import { readFileSync, unlinkSync, writeFileSync } from "node:fs";

// PGlite does not lock its data directory, and two processes writing one directory corrupt it.
// A lock file holding the owner's process id keeps a second Family Book process out; a lock
// left by a process that no longer runs is taken over.

function processIsRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDirectoryLock(lockPath: string, description: string) {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      const release = () => {
        try {
          if (readFileSync(lockPath, "utf8") === String(process.pid)) unlinkSync(lockPath);
        } catch {
          // Already gone.
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
      if (owner === process.pid) return () => {};
      if (Number.isInteger(owner) && processIsRunning(owner)) {
        throw new Error(`${description} is in use by another Family Book process (pid ${owner}). ` + `Stop it first, or set DATA_DIR to use another folder.`);
      }
      unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not lock ${description} (${lockPath}).`);
}
