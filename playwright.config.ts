import { defineConfig } from "@playwright/test";
import { chromiumPath } from "./scripts/chromium-path.mjs";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
/** The e2e server's data folder, one per port so that parallel runs never share one. */
export const E2E_DATA_DIR = `.tmp/e2e-data-${E2E_PORT}`;
const baseURL = `http://localhost:${E2E_PORT}`;
/** A public hostname for the test server: pages behave there as in production (no posture banner). */
export const PUBLIC_TEST_HOST = "www.cogwork.test";

export default defineConfig({
  testDir: "e2e",
  // After the web server is up: the staff account sets up its second factor (e2e/global-setup.ts).
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI
    ? [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? ".tmp/playwright-report.json" }]]
    : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        `--host-resolver-rules=MAP ${PUBLIC_TEST_HOST} 127.0.0.1`,
      ],
    },
  },
  projects: [
    { name: "chromium", testIgnore: /plan-hours\.spec\.ts/ },
    // Changes a plan on sale, which the pricing page shows (and serves prerendered only while the
    // plans are those of the build): after every other spec, so that none reads the plans meanwhile.
    { name: "plans-changed", testMatch: /plan-hours\.spec\.ts/, dependencies: ["chromium"] },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    // Generous: on a busy two-core machine the first start (PGlite init, migrations) can be slow.
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(E2E_PORT),
      APP_URL: baseURL,
      NODE_ENV: "development",
      // The tests act as clients behind a proxy on this machine: each gets its own
      // X-Forwarded-For address, so per-address rate limits apply per test.
      TRUSTED_PROXIES: "127.0.0.1,::1",
      E2E_DATA_DIR,
      // The clients table's figures catch up with new runs within seconds, not a minute.
      CLIENT_SUMMARY_REFRESH_SECONDS: "5",
    },
  },
});
