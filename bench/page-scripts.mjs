// The JavaScript a page makes the browser download: the scripts its HTML loads (the `noModule`
// polyfills aside, which modern browsers skip), fetched and gzipped as a server would send them.
// Byte counts do not depend on the machine's load, so they stand beside Lighthouse's "JS transfer".
//
//   node bench/page-scripts.mjs   builds the app if it is out of date, starts it on a throwaway data
//   directory, signs a member in and prints every page's figures against the bare Next.js page.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** Every page the budget covers: the bare page's ratio must stay at most 1.6× on each (1.25× on /). */
export const BUDGET_PAGES = [
  "/",
  "/register",
  "/memories",
  "/family-book",
  "/questionnaires",
  "/search",
  "/ask",
  "/family-dashboard",
  "/weekly-questions",
  "/settings",
];

/** The scripts a page's HTML loads, and their gzipped and raw sizes in kB. */
export async function pageScripts(url, cookie) {
  const html = await (await fetch(url, { headers: cookie ? { cookie } : {} })).text();
  const sources = new Set();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    if (/\bnoModule\b/i.test(tag)) continue;
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src) sources.add(new URL(src.replaceAll("&amp;", "&"), url).href);
  }
  let gzip = 0;
  let raw = 0;
  for (const source of sources) {
    const bytes = Buffer.from(await (await fetch(source)).arrayBuffer());
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { scripts: sources.size, gzipKb: Math.round(gzip / 1024), rawKb: Math.round(raw / 1024) };
}

async function main() {
  const { startApp, startProcess, freePort } = await import("../scripts/lib/app-server.mjs");
  const { build, buildIsCurrent } = await import("../bin/start.mjs");
  if (!buildIsCurrent()) build();
  const { execFile } = await import("node:child_process");
  const { promisify } = await import("node:util");
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
  const dataDir = mkdtempSync(path.join(tmpdir(), "family-book-scripts-"));
  const app = await startApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_DISABLED: "true", AUTH_SECRET: randomBytes(32).toString("base64url") } });
  let bare;
  try {
    const email = `scripts.${randomBytes(4).toString("hex")}@bench.test`;
    const registered = await fetch(`${app.url}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ first_name: "Page", last_name: "Scripts", email, password: "benchmark secret" }),
    });
    const { data } = await registered.json();
    const cookie = `fb_session=${data.token}`;
    const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
    const bareDir = path.join(root, "bench", "bare-next");
    await promisify(execFile)(process.execPath, [next, "build", bareDir], {
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
      maxBuffer: 64 * 1024 * 1024,
    });
    const port = await freePort();
    bare = await startProcess({
      label: "bare Next.js app",
      args: [next, "start", bareDir, "-p", String(port), "-H", "127.0.0.1"],
      port,
      readyLine: "Ready in",
      env: { ...process.env, NODE_ENV: "production" },
    });
    const baseline = await pageScripts(`${bare.url}/`);
    console.log(`| Page | scripts | JS gzip kB | JS raw kB | × bare (${baseline.gzipKb} kB) |`);
    console.log("| --- | --- | --- | --- | --- |");
    for (const page of BUDGET_PAGES) {
      // The sign-in page is seen signed out (signed in, it sends the member on to the dashboard).
      const figures = await pageScripts(`${app.url}${page}`, page === "/register" ? undefined : cookie);
      console.log(`| ${page} | ${figures.scripts} | ${figures.gzipKb} | ${figures.rawKb} | ${(figures.gzipKb / baseline.gzipKb).toFixed(2)}× |`);
    }
  } finally {
    await bare?.stop();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
