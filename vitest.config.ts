import { defineConfig } from "vitest/config";

// Under CI (or when VITEST_JSON_REPORT names a file) results are also written as JSON,
// which .ci/run reads to count them.
const jsonReport = process.env.VITEST_JSON_REPORT || (process.env.CI ? ".tmp/vitest-report.json" : undefined);

export default defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    environment: "node",
    // Generous waits for findBy/waitFor in component tests (see the file).
    setupFiles: ["src/web/test/async-timeouts.ts"],
    // One migrated database, copied by every test runtime: embedded (src/server/test/pglite-template.ts)
    // or on PostgreSQL with TEST_DATABASE_URL (postgres-template.ts).
    globalSetup: ["src/server/test/global-setup.ts"],
    // The same for expect.poll, whose default is one second too.
    expect: { poll: { timeout: 20_000 } },
    // PGlite instances are heavy; two workers match this machine's two cores.
    maxWorkers: 2,
    testTimeout: 60_000,
    // Each test file opens its own database (from the migrated template): slow on a busy machine.
    hookTimeout: 120_000,
    reporters: jsonReport ? ["default", "json"] : ["default"],
    outputFile: jsonReport ? { json: jsonReport } : undefined,
  },
});
