import { describe, expect, it } from "vitest";
import { diffMigrationsToSchema } from "../../scripts/lib/schema-diff.mjs";

describe("prisma/schema.prisma and prisma/migrations", () => {
  it("agree: every schema change has a committed migration (write one with npm run db:migration -- <name>)", async () => {
    const pendingSql: string = await diffMigrationsToSchema();
    expect(pendingSql).toBe("");
  });
});
