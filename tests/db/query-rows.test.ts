import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { queryRows } from "@/server/platform/db/client";

// The hand-written reads (docs/decisions/006-hot-reads-in-sql.md) go through queryRows.

describe("hand-written SQL", () => {
  it("sends values as parameters, never as text", async () => {
    const sneaky = "'; DROP TABLE memories; --";
    const [row] = await queryRows<{ value: string }>(Prisma.sql`SELECT ${sneaky}::text AS value`);
    expect(row!.value).toBe(sneaky);
    expect(await queryRows(Prisma.sql`SELECT 1 FROM memories LIMIT 1`)).toBeDefined();
  });

  it("refuses a statement with an undefined value rather than match it as NULL", async () => {
    const missingId: string | undefined = undefined;
    await expect(queryRows(Prisma.sql`SELECT id FROM memories WHERE user_id = ${missingId}::uuid`)).rejects.toThrow(
      "A value in this SQL statement is undefined",
    );
  });

  it("checks every row against the statement's schema outside production", async () => {
    expect(process.env.NODE_ENV).not.toBe("production");
    const row = z.strictObject({ value: z.string() });
    expect(await queryRows(Prisma.sql`SELECT 'a'::text AS value`, row)).toEqual([{ value: "a" }]);
    await expect(queryRows(Prisma.sql`SELECT 1 AS value`, row)).rejects.toThrow("A row of this SQL statement is not as described");
    await expect(queryRows(Prisma.sql`SELECT 'a'::text AS value, 'b'::text AS extra`, row)).rejects.toThrow("A row of this SQL statement is not as described");
  });
});
