import { defineConfig } from "vitest/config";

// `npm run test:n8n`: Cogwork against a real n8n (scripts/n8n). One file, one worker; the limits
// are generous because n8n's first start runs its migrations on a busy machine.
const jsonReport = process.env.N8N_JSON_REPORT || undefined;

export default defineConfig({
  test: {
    include: ["src/**/*.n8n-test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 20 * 60_000,
    hookTimeout: 20 * 60_000,
    expect: { poll: { timeout: 180_000, interval: 1000 } },
    reporters: jsonReport ? ["default", "json"] : ["default"],
    outputFile: jsonReport ? { json: jsonReport } : undefined,
  },
});
