import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Client } from "pg";
import { describe, expect, it } from "vitest";
import { getDatabase, getDb } from "@/server/platform/db/client";
import { acquireDirectoryLock } from "@/server/platform/db/embedded-lock";
import { applyMigrations, pgConnection, pgliteConnection, readMigrations, type SqlConnection } from "@/server/platform/db/migrate";
import { pgliteExtensions } from "@/server/platform/db/pglite-extensions";
import { questionLibrary } from "@/server/questions/questionnaires/question-library";
import { seedQuestionLibrary } from "@/server/questions/questionnaires/seed-question-library";
import { backendName, createThrowawayPostgresDatabase, realDatabaseUrl } from "../helpers/test-database";

async function withFreshConnection<T>(run: (connection: SqlConnection, open: () => Promise<SqlConnection>) => Promise<T>) {
  if (realDatabaseUrl) {
    const database = await createThrowawayPostgresDatabase();
    const clients: Client[] = [];
    const open = async () => {
      const client = new Client({ connectionString: database.url });
      await client.connect();
      clients.push(client);
      return pgConnection(client);
    };
    try {
      return await run(await open(), open);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
      await database.drop();
    }
  }
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  try {
    const connection = pgliteConnection(pglite);
    return await run(connection, async () => connection);
  } finally {
    await pglite.close();
  }
}

describe(`migrations on the ${backendName} database`, () => {
  it("applies every committed migration to an empty database and records it as Prisma does", async () => {
    await withFreshConnection(async (connection) => {
      const migrations = readMigrations();
      expect(migrations.length).toBeGreaterThan(0);

      const report = await applyMigrations(connection);

      expect(report.applied).toEqual(migrations.map((migration) => migration.name));
      const { rows } = await connection.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
        `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" ORDER BY migration_name`,
      );
      expect(rows.map((row) => [row.migration_name, row.checksum])).toEqual(migrations.map((migration) => [migration.name, migration.checksum]));
      expect(rows.every((row) => row.finished_at !== null)).toBe(true);
    });
  });

  it("is idempotent: a second start applies nothing", async () => {
    await withFreshConnection(async (connection) => {
      await applyMigrations(connection);
      const second = await applyMigrations(connection);
      expect(second.applied).toEqual([]);
      expect(second.alreadyApplied).toEqual(readMigrations().map((migration) => migration.name));
    });
  });

  if (realDatabaseUrl) {
    it("applies each migration once when two instances start together", async () => {
      await withFreshConnection(async (_first, open) => {
        const [a, b] = await Promise.all([open(), open()]);
        const reports = await Promise.all([applyMigrations(a), applyMigrations(b)]);
        const appliedTotal = reports.flatMap((report) => report.applied);
        expect(appliedTotal.sort()).toEqual(
          readMigrations()
            .map((migration) => migration.name)
            .sort(),
        );
        const { rows } = await a.query<{ count: string | number }>(`SELECT count(*) AS count FROM "_prisma_migrations"`);
        expect(Number(rows[0]!.count)).toBe(readMigrations().length);
      });
    });
  } else {
    // The embedded database has one connection and belongs to one process: a second
    // instance on the same folder is refused before it can migrate anything.
    it("refuses a second process on the same embedded database folder", () => {
      const folder = mkdtempSync(path.join(tmpdir(), "family-book-lock-"));
      const lockFile = path.join(folder, "db.lock");
      const otherProcess = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
      try {
        writeFileSync(lockFile, String(otherProcess.pid));
        expect(() => acquireDirectoryLock(lockFile, "The embedded database")).toThrow(
          `The embedded database is in use by another Family Book process (pid ${otherProcess.pid})`,
        );
      } finally {
        otherProcess.kill();
        rmSync(folder, { recursive: true, force: true });
      }
    });

    it("takes over a lock left behind by a process that no longer runs", () => {
      const folder = mkdtempSync(path.join(tmpdir(), "family-book-lock-"));
      const lockFile = path.join(folder, "db.lock");
      try {
        writeFileSync(lockFile, "999999999");
        const release = acquireDirectoryLock(lockFile, "The embedded database");
        expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
        release();
        expect(existsSync(lockFile)).toBe(false);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });
  }

  it("rolls back a failing migration completely and reports which one failed", async () => {
    await withFreshConnection(async (connection) => {
      const broken = [{ name: "20000101000000_half_done", sql: `CREATE TABLE "half_done" (id int); SELECT * FROM "no_such_table";`, checksum: "x".repeat(64) }];
      await expect(applyMigrations(connection, broken)).rejects.toThrow(/20000101000000_half_done failed and was rolled back/);
      const { rows } = await connection.query<{ exists: boolean }>(`SELECT to_regclass('public.half_done') IS NOT NULL AS exists`);
      expect(rows[0]!.exists).toBe(false);
    });
  });
});

describe(`the app's database on the ${backendName} backend`, () => {
  it("holds the question library as the start-up leaves it (every test database starts so)", async () => {
    const database = await getDatabase();
    // On the run's embedded PostgreSQL as on an external one, the app speaks to a PostgreSQL server.
    expect(database.backend).toBe("postgresql");
    const prisma = database.prisma;

    const questionnaires = await prisma.questionnaire.findMany({
      where: { audience: "GLOBAL" },
      include: { questions: { orderBy: { position: "asc" } } },
      orderBy: { library_position: "asc" },
    });

    expect(questionnaires.map((questionnaire) => questionnaire.title)).toEqual(questionLibrary.map((entry) => entry.title));
    expect(questionnaires.length).toBeGreaterThanOrEqual(6);
    for (const questionnaire of questionnaires) {
      expect(questionnaire.questions.length).toBeGreaterThanOrEqual(6);
      expect(questionnaire.questions.length).toBeLessThanOrEqual(10);
      expect(questionnaire.questions.some((question) => question.is_required)).toBe(true);
      expect(questionnaire.questions.some((question) => !question.is_required)).toBe(true);
    }
    expect(questionnaires.some((questionnaire) => questionnaire.allow_multiple_responses)).toBe(true);
    expect(questionnaires.flatMap((questionnaire) => questionnaire.questions).some((question) => question.description)).toBe(true);
  });

  it("seeds idempotently: seeding again adds nothing and keeps the same ids", async () => {
    const prisma = await getDb();
    const before = await prisma.question.findMany({ select: { id: true }, orderBy: { id: "asc" } });

    await seedQuestionLibrary(prisma);
    await seedQuestionLibrary(prisma);

    const after = await prisma.question.findMany({ select: { id: true }, orderBy: { id: "asc" } });
    expect(after).toEqual(before);
    expect(await prisma.questionnaire.count({ where: { audience: "GLOBAL" } })).toBe(questionLibrary.length);
  });
});
