import { describe, expect, it } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import { queryRows } from "@/server/db/client";

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
});
