import { expect } from "vitest";
import { GET as downloadExport } from "@/app/api/exports/download/route";
import { POST as importRoute } from "@/app/api/imports/route";
import { PEER_ADDRESS_HEADER } from "@/server/platform/http/request-info";
import type { TestAccount } from "./accounts";
import { ORIGIN, randomAddress } from "./api";

// An export downloaded and an import sent as the browser does (docs/decisions/023-export-and-import.md),
// each from its own address so that the import limit of one address is not what a test meets.

/** The ZIP of an export made at once: the account's (`scope=account`) or the family's. */
export async function downloadExportZip(account: TestAccount, scope: "account" | "family" = "account") {
  const response = await downloadExport(
    new Request(`${ORIGIN}/api/exports/download?scope=${scope}`, { headers: { host: "localhost:3000", authorization: `Bearer ${account.token}` } }),
    { params: Promise.resolve({}) },
  );
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** Sends a ZIP to POST /api/imports as `account` (or signed out), with any headers to change. */
export async function importZip(account: TestAccount | null, zip: Buffer, headers: Record<string, string> = {}) {
  const all = new Headers({ host: "localhost:3000", "content-type": "application/zip", [PEER_ADDRESS_HEADER]: randomAddress(), ...headers });
  if (account) all.set("authorization", `Bearer ${account.token}`);
  const response = await importRoute(new Request(`${ORIGIN}/api/imports`, { method: "POST", headers: all, body: new Uint8Array(zip) }), {
    params: Promise.resolve({}),
  });
  return { status: response.status, body: (await response.json()) as { error: string | null; data: { imported: Record<string, number> } | null } };
}
