import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteFolders, upgradeFromPglite } from "../../bin/pglite-upgrade.mjs";
import { createPgliteFolder } from "../helpers/pglite-folder";
import { createThrowawayPostgresDatabase, type ThrowawayDatabase } from "../helpers/test-database";

// Moving a PGlite data folder into PostgreSQL (docs/decisions/045-embedded-postgresql.md) never
// puts the old data at risk: it refuses when the new database already holds data or while an
// older Family Book still runs on the folder, says what to do, and leaves the folder as it was.
// The whole move, through `npm start`, is tested in tests/server/embedded-postgresql.test.ts.

let dataDirectory: string;
let target: ThrowawayDatabase;

beforeAll(async () => {
  dataDirectory = mkdtempSync(path.join(tmpdir(), "family-book-upgrade-"));
  await createPgliteFolder(pgliteFolders(dataDirectory).folder);
  target = await createThrowawayPostgresDatabase();
});

afterAll(async () => {
  await target?.drop();
  rmSync(dataDirectory, { recursive: true, force: true });
});

describe("moving a PGlite folder into PostgreSQL", () => {
  it("does nothing for a data folder without one", async () => {
    const empty = mkdtempSync(path.join(tmpdir(), "family-book-upgrade-empty-"));
    await expect(upgradeFromPglite({ dataDirectory: empty, url: target.url, log: () => {} })).resolves.toBeUndefined();
    rmSync(empty, { recursive: true, force: true });
  });

  it("refuses while an older Family Book runs on the folder, and says so", async () => {
    const { lock, folder } = pgliteFolders(dataDirectory);
    // This test's own process stands for the older version still running.
    writeFileSync(lock, String(process.ppid));
    try {
      await expect(upgradeFromPglite({ dataDirectory, url: target.url, log: () => {} })).rejects.toThrow(
        `The earlier database at ${folder} is in use by process ${process.ppid}: stop the older Family Book first.`,
      );
    } finally {
      rmSync(lock);
    }
    expect(existsSync(path.join(folder, "PG_VERSION"))).toBe(true);
  });

  it("refuses to mix it into a PostgreSQL database that already has data, and leaves both as they were", async () => {
    const client = new Client({ connectionString: target.url });
    await client.connect();
    await client.query("CREATE TABLE kept (note text); INSERT INTO kept VALUES ('already here')");
    try {
      const { folder } = pgliteFolders(dataDirectory);
      await expect(upgradeFromPglite({ dataDirectory, url: target.url, log: () => {} })).rejects.toThrow(
        `${folder} holds an earlier database, but the embedded PostgreSQL already has data.`,
      );
      expect(existsSync(path.join(folder, "PG_VERSION"))).toBe(true);
      expect((await client.query("SELECT note FROM kept")).rows).toEqual([{ note: "already here" }]);
    } finally {
      await client.query("DROP TABLE kept");
      await client.end();
    }
  });

  it("moves the schema and keeps the folder as a backup once the database is empty", async () => {
    const moved = await upgradeFromPglite({ dataDirectory, url: target.url, log: () => {} });
    expect(moved).toBeGreaterThan(0);
    const { folder, backup } = pgliteFolders(dataDirectory);
    expect(existsSync(folder)).toBe(false);
    expect(existsSync(path.join(backup, "PG_VERSION"))).toBe(true);
    const client = new Client({ connectionString: target.url });
    await client.connect();
    const { rows } = await client.query<{ migrations: number }>(`SELECT count(*)::int AS migrations FROM "_prisma_migrations"`);
    await client.end();
    expect(rows[0]!.migrations).toBeGreaterThan(10);
  });
});
