import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { loadConfig } from "../config";
import { mailOutbox } from "../db/schema/mail";
import { createScratchDatabase } from "../db/scratch-database";
import { createLogger, silentLogger, type Logger } from "../lib/logger";
import { createRuntime } from "../runtime";
import { pgliteTemplate } from "./pglite-template";
import { isUnusableTemplate, POSTGRES_TEMPLATE_ENV } from "./postgres-template";
import type { OutgoingMail } from "../mail/transport";

export const TEST_ORIGIN = "http://localhost:3000";

/**
 * On PostgreSQL (TEST_DATABASE_URL), a scratch database copied from the migrated template, or an
 * empty one (migrated by the runtime) when the template cannot be copied: another run on other
 * migrations replaced it, or someone has it open.
 */
async function scratchPostgresDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  try {
    return await createScratchDatabase(serverUrl, "cogwork_test", { template: process.env[POSTGRES_TEMPLATE_ENV] });
  } catch (error) {
    if (!isUnusableTemplate(error)) throw error;
    return createScratchDatabase(serverUrl, "cogwork_test");
  }
}

/**
 * A whole server (database, auth, mail) in this process: an in-memory PGlite, or a scratch
 * database on the PostgreSQL server named by TEST_DATABASE_URL, dropped on close. Both start
 * from the migrated template the global setup made, when there is one.
 */
export async function createTestRuntime(
  env: Record<string, string> = {},
  options: { webRoot?: string; log?: Logger } = {},
) {
  const config = loadConfig({
    NODE_ENV: "test",
    APP_URL: TEST_ORIGIN,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    CHANNEL_SECRET_KEY: "test-channel-key-test-channel-key-0123",
    DATA_DIR: path.join(os.tmpdir(), `cogwork-test-${randomUUID()}`),
    ...env,
  });
  const scratch = await scratchPostgresDatabase();
  const delivered: OutgoingMail[] = [];
  const statements: string[] = [];
  const runtime = await createRuntime({
    config,
    log: options.log ?? (process.env.TEST_LOG ? createLogger("debug") : silentLogger),
    database: scratch ? { url: scratch.url } : { memory: true, from: pgliteTemplate() },
    transport: { kind: "console", send: async (mail) => void delivered.push(mail), close: () => {} },
    webRoot: options.webRoot,
    onQuery: (query) => void statements.push(query),
  });

  let nextIp = 1;
  return {
    ...runtime,
    config,
    delivered,
    /** The scratch PostgreSQL database, for a second connection pool posing as another instance. */
    databaseUrl: scratch?.url,
    /** A distinct client address per caller, so rate limits of one test do not leak into another. */
    newIp: () => `10.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`,
    /**
     * Calls the app as our web app in a browser would, from the given socket address: on
     * state-changing calls outside /api/auth it fetches a CSRF token for the request's cookies
     * first, as the app does (pass `csrf: false` to leave it out).
     */
    request: async (pathname: string, init: RequestInit & { ip?: string; json?: unknown; csrf?: boolean } = {}) => {
      const { ip = "10.255.0.1", json, csrf = true, ...rest } = init;
      const env = { incoming: { socket: { remoteAddress: ip, remotePort: 40000, remoteFamily: "IPv4" } } };
      const headers = new Headers(rest.headers);
      if (!headers.has("origin")) headers.set("origin", TEST_ORIGIN);
      if (json !== undefined) {
        headers.set("content-type", "application/json");
        rest.body = JSON.stringify(json);
        rest.method ??= "POST";
      }
      const method = (rest.method ?? "GET").toUpperCase();
      const needsToken = csrf && !["GET", "HEAD", "OPTIONS"].includes(method) && !/^\/api\/(auth|v1)\//.test(pathname);
      if (needsToken && !headers.has("x-csrf-token")) {
        const issued = await runtime.app.request(
          `${TEST_ORIGIN}/api/csrf`,
          { headers: { cookie: headers.get("cookie") ?? "" } },
          env,
        );
        const { token } = (await issued.json()) as { token: string };
        const nonce = cookieFrom(issued);
        if (nonce) headers.set("cookie", [headers.get("cookie"), nonce].filter(Boolean).join("; "));
        headers.set("x-csrf-token", token);
      }
      return runtime.app.request(`${TEST_ORIGIN}${pathname}`, { ...rest, headers }, env);
    },
    /** The database statements `fn` sent (every query of a request through this runtime counts). */
    queriesOf: async (fn: () => Promise<unknown>): Promise<string[]> => {
      const from = statements.length;
      await fn();
      return statements.slice(from);
    },
    /** Messages written to the outbox for an address, newest first. */
    outbox: (to: string) =>
      runtime.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)),
    close: async () => {
      await runtime.close();
      await scratch?.drop();
    },
  };
}

export type TestRuntime = Awaited<ReturnType<typeof createTestRuntime>>;

/** The link inside the newest message of a kind sent to an address. */
export async function latestLink(t: TestRuntime, to: string, kind: string): Promise<string> {
  const message = (await t.outbox(to)).find((m) => m.kind === kind);
  const link = message?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no ${kind} mail with a link for ${to}`);
  return link;
}

/** The Cookie header a browser would send after this response. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => pair && !pair.endsWith("="))
    .join("; ");
}
