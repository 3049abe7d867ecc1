import { describe, expect, it } from "vitest";
import { closeDatabase, getDatabase, getDb } from "@/server/platform/db/client";
import { applyMigrations, readMigrations } from "@/server/platform/db/migrate";
import { resetEnvForTests } from "@/server/platform/env";
import { questionLibrary } from "@/server/questions/questionnaires/question-library";
import { seedQuestionLibrary } from "@/server/questions/questionnaires/seed-question-library";
import { withEmptyDatabase } from "../helpers/empty-database";
import { backendName } from "../helpers/test-database";

describe(`migrations on the ${backendName} database`, () => {
  it("applies every committed migration to an empty database and records it as Prisma does", async () => {
    await withEmptyDatabase(async (connection) => {
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
    await withEmptyDatabase(async (connection) => {
      await applyMigrations(connection);
      const second = await applyMigrations(connection);
      expect(second.applied).toEqual([]);
      expect(second.alreadyApplied).toEqual(readMigrations().map((migration) => migration.name));
    });
  });

  it("applies each migration once when two instances start together", async () => {
    await withEmptyDatabase(async (_first, open) => {
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

  it("rolls back a failing migration completely and reports which one failed", async () => {
    await withEmptyDatabase(async (connection) => {
      const broken = [{ name: "20000101000000_half_done", sql: `CREATE TABLE "half_done" (id int); SELECT * FROM "no_such_table";`, checksum: "x".repeat(64) }];
      await expect(applyMigrations(connection, broken)).rejects.toThrow(/20000101000000_half_done failed and was rolled back/);
      const { rows } = await connection.query<{ exists: boolean }>(`SELECT to_regclass('public.half_done') IS NOT NULL AS exists`);
      expect(rows[0]!.exists).toBe(false);
    });
  });
});

describe(`the app's database on the ${backendName} backend`, () => {
  it("is always a PostgreSQL server: with no DATABASE_URL the server says how to start Family Book instead", async () => {
    const url = process.env.DATABASE_URL;
    await closeDatabase();
    delete process.env.DATABASE_URL;
    resetEnvForTests();
    try {
      await expect(getDatabase()).rejects.toThrow(
        "No database: DATABASE_URL is not set. Start Family Book with npm start (or npm run worker), which runs its embedded PostgreSQL, or set DATABASE_URL to a PostgreSQL server.",
      );
    } finally {
      process.env.DATABASE_URL = url;
      resetEnvForTests();
    }
  });

  it("holds the question library as the start-up leaves it (every test database starts so)", async () => {
    const database = await getDatabase();
    // On the run's embedded PostgreSQL as on an external one, the app speaks to a PostgreSQL server.
    expect(database.connectionString).toBe(process.env.DATABASE_URL);
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
