import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, openSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/**
 * A real n8n for `npm run test:n8n`, from the cache `scripts/n8n/install.sh` fills: on a loopback
 * port, with a data folder of its own and a PostgreSQL database of its own (n8n's sqlite3 would
 * need building from source; the install skips n8n's install scripts). Its owner and an API key
 * are created through n8n's own endpoints.
 */
export interface N8nInstance {
  baseUrl: string;
  apiKey: string;
  /** Calls n8n's public API with the key. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- n8n's answers, read by the test as it needs them
  api: (method: string, apiPath: string, body?: unknown) => Promise<{ status: number; json: any }>;
  stop: () => Promise<void>;
}

const HOME = process.env.COGWORK_N8N_HOME ?? path.join(os.homedir(), ".cache", "cogwork-n8n");
const PORT = Number(process.env.COGWORK_N8N_PORT ?? 5631);
const BROKER_PORT = Number(process.env.COGWORK_N8N_BROKER_PORT ?? PORT + 1);
const DATABASE_URL = process.env.COGWORK_N8N_DATABASE_URL ?? "postgres://postgres:postgres@127.0.0.1:5432/postgres";
const OWNER = { email: "owner@cogwork.test", firstName: "Cog", lastName: "Work", password: "Cogwork-n8n-Owner-1" };
export const API_KEY_SCOPES = [
  "workflow:read",
  "workflow:list",
  "workflow:create",
  "workflow:activate",
  "execution:read",
  "execution:list",
  "execution:retry",
];

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Polls until `check` answers something, or gives up after `limitMs` with `what` in the error. */
export async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, limitMs: number) {
  const deadline = Date.now() + limitMs;
  let last: unknown = null;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await sleep(1000);
  }
  throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${String(last)})` : ""}`);
}

async function freshDatabase(name: string) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(DATABASE_URL);
  return {
    host: url.hostname,
    port: url.port || "5432",
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
}

function startProcess(dataDir: string, db: Awaited<ReturnType<typeof freshDatabase>>, database: string): ChildProcess {
  const nodeBin = path.join(HOME, "node", "node_modules", "node", "bin");
  const log = openSync(path.join(dataDir, "n8n.log"), "a");
  return spawn(path.join(nodeBin, "node"), [path.join(HOME, "n8n", "node_modules", "n8n", "bin", "n8n"), "start"], {
    cwd: dataDir,
    stdio: ["ignore", log, log],
    env: {
      PATH: `${nodeBin}:${process.env.PATH}`,
      HOME: dataDir,
      N8N_USER_FOLDER: dataDir,
      N8N_PORT: String(PORT),
      N8N_LISTEN_ADDRESS: "127.0.0.1",
      N8N_HOST: "127.0.0.1",
      N8N_RUNNERS_BROKER_PORT: String(BROKER_PORT),
      N8N_RUNNERS_BROKER_LISTEN_ADDRESS: "127.0.0.1",
      N8N_SECURE_COOKIE: "false",
      N8N_DIAGNOSTICS_ENABLED: "false",
      N8N_VERSION_NOTIFICATIONS_ENABLED: "false",
      N8N_TEMPLATES_ENABLED: "false",
      N8N_PERSONALIZATION_ENABLED: "false",
      N8N_ENCRYPTION_KEY: "cogwork-test-n8n-encryption-key",
      GENERIC_TIMEZONE: "America/New_York",
      TZ: "America/New_York",
      DB_TYPE: "postgresdb",
      DB_POSTGRESDB_HOST: db.host,
      DB_POSTGRESDB_PORT: db.port,
      DB_POSTGRESDB_USER: db.user,
      DB_POSTGRESDB_PASSWORD: db.password,
      DB_POSTGRESDB_DATABASE: database,
      EXECUTIONS_DATA_SAVE_ON_SUCCESS: "all",
      EXECUTIONS_DATA_SAVE_ON_ERROR: "all",
    },
  });
}

/** The owner, signed in (a session cookie), then an API key with the scopes Cogwork needs. */
async function ownerApiKey(baseUrl: string): Promise<string> {
  const post = (p: string, body: unknown, cookie = "") =>
    fetch(`${baseUrl}${p}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  // Asked again after a failure: the owner may exist already, which the sign-in below proves.
  const setup = await post("/rest/owner/setup", OWNER);
  const login = await post("/rest/login", { emailOrLdapLoginId: OWNER.email, password: OWNER.password });
  if (!login.ok) throw new Error(`owner setup answered ${setup.status}, sign-in ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const key = await post("/rest/api-keys", { label: "cogwork", scopes: API_KEY_SCOPES, expiresAt: null }, cookie);
  if (!key.ok) throw new Error(`API key creation answered ${key.status}: ${await key.text()}`);
  return ((await key.json()) as { data: { rawApiKey: string } }).data.rawApiKey;
}

export async function startN8n(): Promise<N8nInstance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "cogwork-n8n-data-"));
  const database = `cogwork_n8n_${PORT}`;
  const db = await freshDatabase(database);
  const child = startProcess(dataDir, db, database);
  let exited: number | null = null;
  child.on("exit", (code) => (exited = code ?? -1));
  const baseUrl = `http://127.0.0.1:${PORT}`;
  // First start runs n8n's migrations: minutes on a busy machine.
  await until(
    `n8n to be ready on ${baseUrl} (log: ${dataDir}/n8n.log)`,
    async () => {
      if (exited !== null) throw new Error(`n8n exited with ${exited}; see ${dataDir}/n8n.log`);
      const ready = await fetch(`${baseUrl}/healthz/readiness`).catch(() => null);
      return ready?.ok ?? false;
    },
    15 * 60_000,
  );
  const apiKey = await until("n8n's owner and API key", () => ownerApiKey(baseUrl), 180_000);
  const once = async (method: string, apiPath: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/api/v1${apiPath}`, {
      method,
      headers: { "x-n8n-api-key": apiKey, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : null };
  };
  // A busy machine: n8n answers 503 ("Database is not ready!") while its pool reconnects; ask again.
  const api = (method: string, apiPath: string, body?: unknown) =>
    until(
      `n8n to answer ${method} ${apiPath}`,
      async () => {
        const answer = await once(method, apiPath, body);
        return answer.status === 503 ? null : answer;
      },
      180_000,
    );
  const stop = async () => {
    if (exited === null) {
      child.kill("SIGTERM");
      await until("n8n to stop", async () => exited !== null, 60_000).catch(() => child.kill("SIGKILL"));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, apiKey, api, stop };
}
