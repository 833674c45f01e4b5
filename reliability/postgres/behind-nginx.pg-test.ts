import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createPasswordAccount } from "../../src/server/auth/staff-account";
import { loadConfig } from "../../src/server/config";
import { createServiceContext } from "../../src/server/context/service-context";
import { openDatabase, type DatabaseHandle } from "../../src/server/db/client";
import { user } from "../../src/server/db/schema/auth";
import { automationIncident, automationRun } from "../../src/server/db/schema/automations";
import { invoice } from "../../src/server/db/schema/billing";
import { companyMember } from "../../src/server/db/schema/companies";
import { mailOutbox } from "../../src/server/db/schema/mail";
import { ticketMessage } from "../../src/server/db/schema/support";
import { createScratchDatabase } from "../../src/server/db/scratch-database";
import { enqueueMail } from "../../src/server/mail/outbox";
import { subscribeCompany } from "../../src/server/modules/billing/subscriptions/subscribe-company.service";
import { mailLinks } from "../../src/server/modules/notifications";
import { chunkAttachmentStore } from "../../src/server/modules/support";
import { killChildren, REPO_ROOT } from "../../src/server/test/child-process";
import { faultySmtpServer } from "../faulty-smtp-server";
import { afterAnswers, startMixedTraffic, type MixedTraffic, type Outcome } from "../mixed-traffic";
import { startNginx, type NginxProxy } from "../nginx-proxy";
import {
  AUTH_SECRET,
  contactStatusesAcross,
  cookiesOf,
  seedAutomation,
  startServer,
  type Seeded,
  type ServerProcess,
} from "../server-process";

// Three instances on one PostgreSQL behind nginx, configured as deploy/ ships it (the upstream
// list and proxy settings of deploy/nginx/cogwork, the environment of deploy/systemd's unit).
const NGINX_PORT = 5600;
const INSTANCE_PORTS = [5601, 5602, 5603];
const SMTP_PORT = 5604;
const CONTROL_PORT = 5605;
const APP_URL = `http://127.0.0.1:${NGINX_PORT}`;
const CLIENT_EMAIL = "owner@behind-nginx.test";
const CLIENT_PASSWORD = "behind-nginx-client-password";
const BULK_MAILS = 30;
const DAY_MS = 86_400_000;

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let sink: ReturnType<typeof faultySmtpServer>;
let seeded: Seeded;
let nginx: NginxProxy;
let db: DatabaseHandle;
let control: http.Server;
const instances = new Map<number, ServerProcess>();
let clientCookie = "";
let clientToken = "";
let ticketId = "";

/** The settings of deploy/systemd/cogwork@.service that are not the machine's own (paths, user). */
function unitEnvironment(port: number): Record<string, string> {
  const unit = fs.readFileSync(path.join(REPO_ROOT, "deploy", "systemd", "cogwork@.service"), "utf8");
  const pairs = [...unit.matchAll(/^Environment=(\w+)=(.*)$/gm)].map(([, name, value]) => [
    name!,
    value!.replace("%i", String(port)),
  ]);
  return Object.fromEntries(pairs);
}

/** What /etc/cogwork/cogwork.env holds in production, for this test. */
const productionSettings = {
  APP_URL,
  AUTH_SECRET,
  CHANNEL_SECRET_KEY: "behind-nginx-channel-secret-key-0123456789",
  TRUSTED_PROXIES: "127.0.0.1",
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  BILLING_LEGAL_NAME: "Cogwork B.V.",
  BILLING_ADDRESS: "Keizersgracht 1, 1015 CJ Amsterdam",
  BILLING_VAT_NUMBER: "NL123456789B01",
  BILLING_IBAN: "NL91ABNA0417164300",
  INGEST_RATE_LIMIT_PER_MINUTE: "1000000",
  // Short job intervals, so that every instance runs each job many times during the test.
  BILLING_JOB_SECONDS: "5",
  CLIENT_SUMMARY_REFRESH_SECONDS: "5",
};

async function startInstance(port: number): Promise<ServerProcess> {
  const server = await startServer(port, { url: scratch.url }, { ...productionSettings, ...unitEnvironment(port) });
  instances.set(port, server);
  return server;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** SIGTERM as systemd stops a unit; resolves with the time from the signal to the exit. */
async function stopInstance(port: number): Promise<number> {
  const server = instances.get(port)!;
  const signalled = Date.now();
  server.run.child.kill("SIGTERM");
  await server.run.exit;
  return Date.now() - signalled;
}

// deploy/rolling-restart.sh restarts an instance with a command (systemctl restart in production);
// here the command asks this test, which owns the processes, to stop one and start it again.
const stopTimes: number[] = [];
function startControl(): Promise<void> {
  control = http.createServer((request, response) => {
    const port = Number(request.url?.match(/^\/restart\/(\d+)$/)?.[1]);
    if (!instances.has(port)) return void response.writeHead(404).end();
    void stopInstance(port)
      .then((ms) => {
        stopTimes.push(ms);
        return startInstance(port);
      })
      .then(
        () => response.writeHead(204).end(),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
  });
  return new Promise((resolve) => control.listen(CONTROL_PORT, "127.0.0.1", resolve));
}

async function seedClient(): Promise<void> {
  const userId = await createPasswordAccount(db.db, {
    email: CLIENT_EMAIL,
    name: "Olive Owner",
    password: CLIENT_PASSWORD,
    role: "client",
  });
  await db.db.insert(companyMember).values({ companyId: seeded.companyId, userId, role: "owner" });
  // On a monthly plan since 65 days ago: the billing job has three periods to invoice.
  const [staffUser] = await db.db.select({ id: user.id }).from(user).where(eq(user.email, seeded.staffEmail));
  const config = loadConfig({ NODE_ENV: "test", AUTH_SECRET });
  const staff = createServiceContext({
    db: db.db,
    actor: { id: staffUser!.id, email: seeded.staffEmail, name: "Staff", role: "admin", ip: null },
    scope: { all: true },
    app: { config, links: mailLinks(config.APP_URL, AUTH_SECRET), attachments: chunkAttachmentStore() },
    wakeMail: () => {},
    now: new Date(Date.now() - 65 * DAY_MS),
  });
  await subscribeCompany(staff, { companyId: seeded.companyId, planSlug: "growth", interval: "monthly", trialDays: 0 });
}

beforeAll(async () => {
  scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "reliability_nginx");
  sink = faultySmtpServer(SMTP_PORT);
  await sink.switchTo("normal");
  seeded = await seedAutomation({ url: scratch.url }, { failureThreshold: 4 });
  db = await openDatabase({ url: scratch.url });
  await seedClient();
  await Promise.all(INSTANCE_PORTS.map(startInstance));
  nginx = await startNginx(NGINX_PORT, INSTANCE_PORTS);
  await startControl();
});

afterAll(async () => {
  killChildren();
  await nginx?.stop();
  await new Promise((resolve) => (control ? control.close(resolve) : resolve(undefined)));
  await db?.close();
  await sink?.close();
  await scratch?.drop();
});

test("a session made through one instance works on every instance, and the rate limits are shared", async () => {
  const [a, b, c] = INSTANCE_PORTS.map((port) => instances.get(port)!);
  const signIn = await fetch(`${a!.baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: APP_URL, "content-type": "application/json" },
    body: JSON.stringify({ email: CLIENT_EMAIL, password: CLIENT_PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  clientCookie = cookiesOf(signIn);
  for (const base of [b!.baseUrl, c!.baseUrl, nginx.baseUrl]) {
    const me = await fetch(`${base}/api/me`, { headers: { cookie: clientCookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { email: CLIENT_EMAIL } });
  }

  // The contact form's 5 an hour per address, counted across the three: the 6th is refused.
  const statuses = await contactStatusesAcross([a, b, c, a, b, c].map((server) => server!.baseUrl));
  expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);

  // The client's session with its CSRF token, as the web app holds them.
  const clientCsrf = await fetch(`${nginx.baseUrl}/api/csrf`, { headers: { cookie: clientCookie } });
  clientToken = ((await clientCsrf.json()) as { token: string }).token;
  clientCookie = `${clientCookie}; ${cookiesOf(clientCsrf)}`;
  const opened = await fetch(`${nginx.baseUrl}/api/tickets`, {
    method: "POST",
    headers: { cookie: clientCookie, "x-csrf-token": clientToken, origin: APP_URL, "content-type": "application/json" },
    body: JSON.stringify({
      subject: "Invoices missing",
      category: "broken_automation",
      message: "Monday's invoices are missing.",
    }),
  });
  expect(opened.status, await opened.clone().text()).toBe(201);
  ticketId = ((await opened.json()) as { id: string }).id;
});

/** Passes of a job with result "ok" that an instance reports in its metrics. */
async function jobPasses(server: ServerProcess, job: string): Promise<number> {
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`cogwork_job_runs_total{job="${job}",result="ok"}`));
  return line ? Number(line.split(" ").pop()) : 0;
}

/** Waits until every instance has finished `more` passes of each job after now. */
async function everyInstanceRuns(jobs: string[], more: number): Promise<void> {
  const servers = [...instances.values()];
  const start = await Promise.all(servers.map((s) => Promise.all(jobs.map((job) => jobPasses(s, job)))));
  for (;;) {
    const now = await Promise.all(servers.map((s) => Promise.all(jobs.map((job) => jobPasses(s, job)))));
    if (now.every((passes, i) => passes.every((n, j) => n >= start[i]![j]! + more))) return;
    await sleep(500);
  }
}

test("each periodic job does its work once: invoices, reminders, alerts and every mail", async () => {
  // A failing streak reported through the proxy (to whichever instance): one incident, one alert.
  for (let n = 0; n < 8; n++) {
    const response = await fetch(`${nginx.baseUrl}/api/v1/runs`, {
      method: "POST",
      headers: { authorization: `Bearer ${seeded.ingestKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        externalRunId: `fail-${n}`,
        status: "failed",
        startedAt: new Date(Date.now() - 60_000 + n).toISOString(),
        errorMessage: "CRM down",
      }),
    });
    expect(response.status).toBe(201);
  }
  for (let i = 0; i < BULK_MAILS; i++)
    await enqueueMail(db.db, `bulk-${i}@behind-nginx.test`, {
      kind: "bulk",
      subject: `Bulk ${i}`,
      text: "Hello",
      html: "<p>Hello</p>",
    });

  // Every instance then runs the billing cycle and the figures refresh at least twice more, and
  // the outbox empties: a second invoice, reminder or mail would be there by now.
  await everyInstanceRuns(["billing cycle", "client figures refresh"], 2);
  for (;;) {
    const [pending] = await db.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, "pending"));
    if (pending!.n === 0) break;
    await sleep(250);
  }
  await everyInstanceRuns(["billing cycle"], 1);

  const invoices = await db.db.select().from(invoice).where(eq(invoice.companyId, seeded.companyId));
  const periods = invoices.map((row) => row.periodStart?.toISOString());
  const [incidents] = await db.db
    .select({ n: count() })
    .from(automationIncident)
    .where(and(eq(automationIncident.automationId, seeded.automationId), eq(automationIncident.kind, "failing")));
  const [sent] = await db.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, "sent"));
  const received = sink.received;
  const toOwner = received.filter((mail) => mail.to.includes(CLIENT_EMAIL)).map((mail) => mail.subject);
  console.log(
    `reliability: behind nginx — ${invoices.length} invoices for ${new Set(periods).size} periods, ${incidents!.n} incident, ` +
      `${received.length} messages delivered for ${sent!.n} outbox rows; owner got: ${toOwner.join(" | ")}`,
  );
  // Subscribed 65 days ago on a monthly plan: three periods have begun, each invoiced once.
  expect(invoices).toHaveLength(3);
  expect(new Set(periods).size).toBe(3);
  expect(new Set(invoices.map((row) => row.number)).size).toBe(3);
  expect(incidents!.n).toBe(1);
  // The alert goes to the staff member and the owner, once each.
  const alerted = received
    .filter((mail) => mail.subject === "Automation failing: Invoice sync")
    .flatMap((mail) => mail.to);
  expect(alerted.sort()).toEqual([CLIENT_EMAIL, seeded.staffEmail].sort());
  const bulk = received.flatMap((mail) => mail.to).filter((to) => to.startsWith("bulk-"));
  expect(bulk.sort()).toEqual(Array.from({ length: BULK_MAILS }, (_, i) => `bulk-${i}@behind-nginx.test`).sort());
  // Every outbox row went out once, under one Message-ID: none twice, whichever instance sent it.
  expect(received).toHaveLength(sent!.n);
  expect(new Set(received.map((mail) => mail.messageId)).size).toBe(sent!.n);
  expect(new Set(toOwner).size).toBe(toOwner.length);
});

/** The acknowledged runs and replies that are not in the database. */
async function lostWrites(traffic: MixedTraffic): Promise<string[]> {
  const runIds = [...traffic.acknowledgedRuns];
  const stored = new Set<string>();
  for (let i = 0; i < runIds.length; i += 1000) {
    const rows = await db.db
      .select({ id: automationRun.externalId })
      .from(automationRun)
      .where(
        and(
          eq(automationRun.automationId, seeded.automationId),
          inArray(automationRun.externalId, runIds.slice(i, i + 1000)),
        ),
      );
    for (const row of rows) if (row.id) stored.add(row.id);
  }
  const replies = new Set(
    (
      await db.db.select({ body: ticketMessage.body }).from(ticketMessage).where(eq(ticketMessage.ticketId, ticketId))
    ).map((row) => row.body),
  );
  return [
    ...runIds.filter((id) => !stored.has(id)),
    ...[...traffic.acknowledgedReplies].filter((body) => !replies.has(body)),
  ];
}

/** The mixed traffic of a signed-in client and two platforms, through nginx. */
const trafficThroughNginx = (label: string) =>
  startMixedTraffic(
    {
      baseUrl: nginx.baseUrl,
      origin: APP_URL,
      clientCookie,
      csrfToken: clientToken,
      ingestKey: seeded.ingestKey,
      ticketId,
    },
    label,
  );

const describe = (outcomes: Outcome[]) =>
  outcomes.map((o) => `${o.kind} ${o.method} → ${o.status}${o.error ? ` (${o.error})` : ""}`).join("\n");

test("SIGKILL of one instance during mixed traffic: no acknowledged write is lost, only writes in flight fail", async () => {
  const traffic = trafficThroughNginx("kill");
  await afterAnswers(traffic, 150);
  const victim = instances.get(INSTANCE_PORTS[1]!)!;
  victim.run.child.kill("SIGKILL");
  await victim.run.exit;
  const atKill = traffic.outcomes.length;
  await afterAnswers(traffic, 300);
  await traffic.stop();

  const failed = traffic.outcomes.filter((o) => o.status < 200 || o.status >= 300);
  const lost = await lostWrites(traffic);
  console.log(
    `reliability: SIGKILL behind nginx — ${traffic.outcomes.length} requests (${atKill} before the kill), ` +
      `${failed.length} failed, ${traffic.acknowledgedRuns.size} runs and ${traffic.acknowledgedReplies.size} replies acknowledged, ${lost.length} lost`,
  );
  expect(lost).toEqual([]);
  // nginx passes reads on to another instance; a write already sent to the killed one is not
  // retried (it may have been done): at most one per writer (two platforms, one replier).
  expect(
    failed.filter((o) => o.method === "GET"),
    describe(failed),
  ).toEqual([]);
  expect(failed.length, describe(failed)).toBeLessThanOrEqual(3);
  for (const outcome of failed) expect([0, 502]).toContain(outcome.status);

  await startInstance(INSTANCE_PORTS[1]!);
});

test("a rolling restart with deploy/rolling-restart.sh answers every request", async () => {
  const traffic = trafficThroughNginx("rolling");
  await afterAnswers(traffic, 100);
  const before = INSTANCE_PORTS.map((port) => instances.get(port)!.run.child.pid);
  const script = await promisify(execFile)("bash", [path.join(REPO_ROOT, "deploy", "rolling-restart.sh")], {
    env: {
      PATH: process.env.PATH,
      UPSTREAM_FILE: nginx.upstreamFile,
      NGINX_RELOAD: nginx.reloadCommand,
      RESTART: `node -e "fetch('http://127.0.0.1:${CONTROL_PORT}/restart/{port}', { method: 'POST' }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"`,
      READY_URL: "http://127.0.0.1:{port}/api/ready",
    },
  });
  await afterAnswers(traffic, 100);
  await traffic.stop();

  const failed = traffic.outcomes.filter((o) => o.status < 200 || o.status >= 300);
  const lost = await lostWrites(traffic);
  const after = INSTANCE_PORTS.map((port) => instances.get(port)!.run.child.pid);
  console.log(
    `reliability: rolling restart behind nginx — ${traffic.outcomes.length} requests, ${failed.length} failed, ${lost.length} acknowledged writes lost; ` +
      `SIGTERM to exit ${stopTimes.join(", ")} ms\n${script.stdout}`,
  );
  expect(after.every((pid, i) => pid !== before[i])).toBe(true);
  expect(failed, describe(failed)).toEqual([]);
  expect(lost).toEqual([]);
  // Every instance is back in nginx's list.
  expect(fs.readFileSync(nginx.upstreamFile, "utf8")).not.toMatch(/:\d+ down/);
});
