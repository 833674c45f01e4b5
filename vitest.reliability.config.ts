import { defineConfig } from "vitest/config";

// `npm run test:reliability`: fuzzing, faults and abuse against the built server and the
// in-process app. On the embedded database by default; with TEST_DATABASE_URL on PostgreSQL,
// where the faults only a server database can have (restarts, two processes) run too.
// One file at a time: these tests load the machine on purpose, and some restart PostgreSQL.
const jsonReport = process.env.RELIABILITY_JSON_REPORT || undefined;
const postgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    include: ["reliability/**/*.test.ts", ...(postgres ? ["reliability/postgres/**/*.pg-test.ts"] : [])],
    environment: "node",
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    reporters: jsonReport ? ["default", "json"] : ["default"],
    outputFile: jsonReport ? { json: jsonReport } : undefined,
  },
});
