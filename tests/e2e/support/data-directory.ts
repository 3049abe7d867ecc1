import path from "node:path";

/** The DATA_DIR of the end-to-end server (playwright.config.ts): its secret, its database and its outbox. */
export const E2E_DATA_DIRECTORY = path.join(process.cwd(), ".e2e", "data");
