import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from "../../bin/database-backup.mjs";
import { startEmbeddedDatabase } from "../../bin/embedded-database.mjs";

// npm run db:backup and db:restore (docs/decisions/045-embedded-postgresql.md): a backup taken
// while the app runs holds everything written before it ends, and restoring it brings the
// database back to that moment, keeping the one it replaced; restoring under a running app, or
// from a file that is not a backup, is refused and changes nothing.

let dataDirectory: string;
let backups: string;
const quiet = () => {};

async function withDatabase<T>(run: (client: Client) => Promise<T>) {
  const database = await startEmbeddedDatabase({ dataDirectory, log: quiet });
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
    await database.stop();
  }
}

beforeAll(() => {
  dataDirectory = mkdtempSync(path.join(tmpdir(), "family-book-backup-data-"));
  backups = mkdtempSync(path.join(tmpdir(), "family-book-backups-"));
});

afterAll(() => {
  rmSync(dataDirectory, { recursive: true, force: true });
  rmSync(backups, { recursive: true, force: true });
});

describe("backing up and restoring the embedded database", () => {
  it("backs up while the database runs and is written to, and restores to the moment the backup ended", async () => {
    const file = path.join(backups, "family.tar.gz");
    // The app: its database running, written to before, during and after the backup.
    const app = await startEmbeddedDatabase({ dataDirectory, log: quiet });
    const client = new Client({ connectionString: app.url });
    await client.connect();
    try {
      await client.query("CREATE TABLE stories (title text)");
      await client.query("INSERT INTO stories SELECT 'Story ' || n FROM generate_series(1, 5000) n");
      // Written to while the files are copied: the copy is mended by the WAL it carries.
      let backingUp = true;
      const backup = backupEmbeddedDatabase({ dataDirectory, file, log: quiet }).finally(() => (backingUp = false));
      while (backingUp) await client.query("INSERT INTO stories SELECT 'During' FROM generate_series(1, 500)");
      await backup;
      await client.query("INSERT INTO stories VALUES ('Written after the backup')");
      await expect(restoreEmbeddedDatabase({ dataDirectory, file, log: quiet })).rejects.toThrow(
        `Family Book (process ${process.pid}) is running on ${dataDirectory}: stop it before restoring, then start it again.`,
      );
    } finally {
      await client.end();
      await app.stop();
    }

    const messages: string[] = [];
    await restoreEmbeddedDatabase({ dataDirectory, file, log: (message: string) => messages.push(message) });
    expect(messages[0]).toMatch(new RegExp(`^Restored the embedded database from ${file}\\. The one it replaced is kept at .*pg-before-restore-`));
    await withDatabase(async (restored) => {
      const { rows } = await restored.query<{ total: number; after: number }>(
        "SELECT count(*) FILTER (WHERE title LIKE 'Story %')::int AS total, count(*) FILTER (WHERE title = 'Written after the backup')::int AS after FROM stories",
      );
      expect(rows[0]).toEqual({ total: 5000, after: 0 });
    });
    expect(readdirSync(dataDirectory).some((entry) => entry.startsWith("pg-before-restore-") && !entry.endsWith(".password"))).toBe(true);
  });

  it("refuses a file that is not a backup, and leaves the database as it was", async () => {
    const notABackup = path.join(backups, "holiday.tar.gz");
    const folder = mkdtempSync(path.join(tmpdir(), "family-book-not-a-backup-"));
    writeFileSync(path.join(folder, "photo.jpg"), "not a database");
    expect(spawnSync("tar", ["-czf", notABackup, "-C", folder, "photo.jpg"]).status).toBe(0);
    rmSync(folder, { recursive: true, force: true });

    await expect(restoreEmbeddedDatabase({ dataDirectory, file: notABackup, log: quiet })).rejects.toThrow(
      `${notABackup} is not a backup made by npm run db:backup.`,
    );
    await expect(restoreEmbeddedDatabase({ dataDirectory, file: path.join(backups, "missing.tar.gz"), log: quiet })).rejects.toThrow("No backup at");
    await withDatabase(async (client) => {
      expect((await client.query("SELECT count(*)::int AS n FROM stories WHERE title LIKE 'Story %'")).rows[0]).toEqual({ n: 5000 });
    });
    expect(existsSync(path.join(dataDirectory, "pg", "PG_VERSION"))).toBe(true);
  });
});
