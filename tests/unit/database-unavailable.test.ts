import { DriverAdapterError } from "@prisma/driver-adapter-utils";
import { describe, expect, it } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import { isDatabaseUnavailable, toErrorResponse } from "@/server/platform/http/to-error-response";

// What a query through @prisma/adapter-pg throws when PostgreSQL goes away under it, as seen
// by the fault test (npm run test:faults) when the server is stopped with pg_ctl stop -m fast:
// the adapter's error, with the PostgreSQL code in its cause, rides in meta.driverAdapterError.
function adapterFailure(cause: ConstructorParameters<typeof DriverAdapterError>[0], code = "P2039") {
  return new Prisma.PrismaClientKnownRequestError(
    `\nInvalid \`prisma.session.findFirst()\` invocation:\nDatabase error. Code: \`${"originalCode" in cause ? cause.originalCode : "N/A"}\`.`,
    { code, clientVersion: Prisma.prismaVersion.client, meta: { modelName: "Session", driverAdapterError: new DriverAdapterError(cause) } },
  );
}

const adminShutdown = adapterFailure({
  kind: "postgres",
  code: "57P01",
  originalCode: "57P01",
  originalMessage: "terminating connection due to administrator command",
  severity: "FATAL",
  message: "terminating connection due to administrator command",
  detail: undefined,
  column: undefined,
  hint: undefined,
});

describe("a lost database connection", () => {
  it("answers 503 with the database message when PostgreSQL is shut down under a query", async () => {
    const response = toErrorResponse(adminShutdown);
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(await response.json()).toEqual({
      success: false,
      data: null,
      error: "Family Book cannot reach its database right now. Please try again in a moment.",
    });
  });

  it("recognises the adapter's connection failures by kind", () => {
    expect(isDatabaseUnavailable(adapterFailure({ kind: "DatabaseNotReachable", host: "127.0.0.1", port: 5432 }))).toBe(true);
    expect(isDatabaseUnavailable(adapterFailure({ kind: "ConnectionClosed" }))).toBe(true);
    expect(isDatabaseUnavailable(adapterFailure({ kind: "SocketTimeout" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Client has encountered a connection error and is not queryable"))).toBe(true);
  });

  it("does not mistake an ordinary query error for an outage", () => {
    const duplicate = adapterFailure({ kind: "UniqueConstraintViolation", constraint: { fields: ["email_normalized"] } }, "P2002");
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
    expect(isDatabaseUnavailable(new Error("Cannot read properties of undefined"))).toBe(false);
  });
});
