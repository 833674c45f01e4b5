import { eq } from "drizzle-orm";
import { createPasswordAccount } from "../src/server/auth/staff-account";
import { loadConfig } from "../src/server/config";
import { createServiceContext } from "../src/server/context/service-context";
import { openDatabase, type DatabaseTarget } from "../src/server/db/client";
import { automationRun } from "../src/server/db/schema/automations";
import { company } from "../src/server/db/schema/companies";
import { createAutomation, issueIngestKey } from "../src/server/modules/automations";
import { mailLinks } from "../src/server/modules/notifications";
import { chunkAttachmentStore } from "../src/server/modules/support";
import { childEnv, runNode, type ChildRun } from "../src/server/test/child-process";

export const AUTH_SECRET = "reliability-secret-reliability-secret-0";
export const STAFF_PASSWORD = "reliability-staff-password";

export interface ServerProcess {
  run: ChildRun;
  baseUrl: string;
  exited: () => boolean;
}

/**
 * Starts the built server (`npm run build` first) on its own port, on a PostgreSQL URL or an
 * embedded data directory; resolves once it answers. `extra` adds environment variables.
 */
export async function startServer(
  port: number,
  database: { url: string } | { dataDir: string },
  extra: Record<string, string> = {},
): Promise<ServerProcess> {
  const env = childEnv({
    PORT: String(port),
    HOST: "127.0.0.1",
    AUTH_SECRET,
    APP_URL: `http://127.0.0.1:${port}`,
    INGEST_RATE_LIMIT_PER_MINUTE: "1000000",
    ...("url" in database ? { DATABASE_URL: database.url } : { DATA_DIR: database.dataDir }),
    ...extra,
  });
  const run = runNode(["dist/server/index.js"], env);
  let gone = false;
  void run.exit.then(() => (gone = true));
  await run.waitFor(/ready in \d+ ms/, 90_000);
  return { run, baseUrl: `http://127.0.0.1:${port}`, exited: () => gone };
}

export interface Seeded {
  staffEmail: string;
  companyId: string;
  automationId: string;
  ingestKey: string;
}

/** A staff account, a company and a live automation with an ingest key, written straight to the database. */
export async function seedAutomation(
  target: DatabaseTarget,
  options: { failureThreshold?: number } = {},
): Promise<Seeded> {
  const handle = await openDatabase(target);
  try {
    const staffEmail = "staff@reliability.test";
    const staffId = await createPasswordAccount(handle.db, {
      email: staffEmail,
      name: "Staff",
      password: STAFF_PASSWORD,
      role: "admin",
    });
    const [row] = await handle.db.insert(company).values({ name: "Reliability Co" }).returning({ id: company.id });
    // Written before any server runs: no mail is sent from here, and files would go to the database.
    const config = loadConfig({ NODE_ENV: "test", AUTH_SECRET });
    const staff = createServiceContext({
      db: handle.db,
      actor: { id: staffId, email: staffEmail, name: "Staff", role: "admin", ip: null },
      scope: { all: true },
      app: { config, links: mailLinks(config.APP_URL, AUTH_SECRET), attachments: chunkAttachmentStore() },
      wakeMail: () => {},
    });
    const created = await createAutomation(staff, {
      companyId: row!.id,
      name: "Invoice sync",
      purpose: "Reliability test",
      platform: "n8n",
      triggerDescription: "Every minute",
      expectedEveryMinutes: 60,
      minutesSavedPerRun: 5,
      status: "live",
      failureThreshold: options.failureThreshold ?? 3,
    });
    const issued = await issueIngestKey(staff, { companyId: row!.id, automationId: created.id });
    return { staffEmail, companyId: row!.id, automationId: created.id, ingestKey: issued.key };
  } finally {
    await handle.close();
  }
}

/** External ids of the automation's runs that are in the database. */
export async function storedRunIds(target: DatabaseTarget, automationId: string): Promise<Set<string>> {
  const handle = await openDatabase(target);
  try {
    const rows = await handle.db
      .select({ id: automationRun.externalId })
      .from(automationRun)
      .where(eq(automationRun.automationId, automationId));
    return new Set(rows.map((row) => row.id));
  } finally {
    await handle.close();
  }
}

/** The cookies an answer sets, as a Cookie header. */
export const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");

/**
 * The contact form sent from one address (203.0.113.7) to each base URL in turn, with a CSRF
 * token from the first; the statuses, in order. Its limit is 5 an hour per address.
 */
export async function contactStatusesAcross(baseUrls: string[]): Promise<number[]> {
  const csrf = await fetch(`${baseUrls[0]}/api/csrf`);
  const { token } = (await csrf.json()) as { token: string };
  const nonce = cookiesOf(csrf);
  const statuses: number[] = [];
  for (const base of baseUrls) {
    const response = await fetch(`${base}/api/contact`, {
      method: "POST",
      headers: {
        cookie: nonce,
        "x-csrf-token": token,
        "content-type": "application/json",
        "x-forwarded-for": "203.0.113.7",
      },
      body: JSON.stringify({
        name: "Dana",
        email: "dana@prospect.test",
        message: "We would like to automate our invoicing.",
      }),
    });
    statuses.push(response.status);
  }
  return statuses;
}
