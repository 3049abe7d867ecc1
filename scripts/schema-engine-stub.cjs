#!/usr/bin/env node
// Stand-in for Prisma's native schema engine where it cannot be downloaded (see prisma.config.ts).
// It answers the version probe that `prisma generate` makes and refuses everything else.
if (process.argv.includes("--version")) {
  process.stdout.write("schema-engine-cli 0.0.0-offline-stand-in\n");
  process.exit(0);
}
process.stderr.write(
  "The native Prisma schema engine is not installed. Family Book applies migrations at start-up; " + "write new ones with `npm run db:migration -- <name>`.\n",
);
process.exit(1);
