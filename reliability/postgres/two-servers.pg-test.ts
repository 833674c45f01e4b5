import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/server/db/client";
import { automationIncident } from "../../src/server/db/schema/automations";
import { mailOutbox } from "../../src/server/db/schema/mail";
import { createScratchDatabase } from "../../src/server/db/scratch-database";
import { enqueueMail } from "../../src/server/mail/outbox";
import { killChildren } from "../../src/server/test/child-process";
import { faultySmtpServer } from "../faulty-smtp-server";
import {
  STAFF_PASSWORD,
  contactStatusesAcross,
  cookiesOf,
  seedAutomation,
  startServer,
  type Seeded,
  type ServerProcess,
} from "../server-process";

// Two server processes behind one load balancer, on one database: what one of them knows
// (sessions, rate limits, incidents, the outbox) the other must know too.
const BULK_MAILS = 30;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let sink: ReturnType<typeof faultySmtpServer>;
let seeded: Seeded;
let a: ServerProcess;
let b: ServerProcess;
let db: DatabaseHandle;

beforeAll(async () => {
  scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "reliability_two");
  sink = faultySmtpServer(4420);
  await sink.switchTo("normal");
  seeded = await seedAutomation({ url: scratch.url }, { failureThreshold: 4 });
  const env = { SMTP_URL: sink.url, TRUSTED_PROXIES: "127.0.0.1" };
  [a, b] = await Promise.all([
    startServer(4410, { url: scratch.url }, env),
    startServer(4411, { url: scratch.url }, env),
  ]);
  db = await openDatabase({ url: scratch.url });
});

afterAll(async () => {
  killChildren();
  await db?.close();
  await sink?.close();
  await scratch?.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test("two server processes on one PostgreSQL share sessions, rate limits, alerts and the outbox; nothing is sent twice", async () => {
  // A session made on A is valid on B.
  const signIn = await fetch(`${a.baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: a.baseUrl, "content-type": "application/json" },
    body: JSON.stringify({ email: seeded.staffEmail, password: STAFF_PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  const session = cookiesOf(signIn);
  const me = await fetch(`${b.baseUrl}/api/me`, { headers: { cookie: session } });
  expect(me.status).toBe(200);
  expect(await me.json()).toMatchObject({ user: { email: seeded.staffEmail } });

  // The contact form's 5 an hour per address, counted across both: 3 on A, 3 on B, the 6th refused.
  const contactStatuses = await contactStatusesAcross([a, b, a, b, a, b].map((server) => server.baseUrl));
  expect(contactStatuses).toEqual([201, 201, 201, 201, 201, 429]);

  // A failing streak reported half through A and half through B: one incident, one alert.
  const fail = (server: ServerProcess, n: number) =>
    fetch(`${server.baseUrl}/api/v1/runs`, {
      method: "POST",
      headers: { authorization: `Bearer ${seeded.ingestKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        externalRunId: `fail-${n}`,
        status: "failed",
        startedAt: new Date(Date.now() + n).toISOString(),
        errorMessage: "CRM down",
      }),
    });
  const failStatuses = await Promise.all(
    Array.from({ length: 8 }, (_, n) => fail(n % 2 === 0 ? a : b, n).then((r) => r.status)),
  );
  expect(failStatuses).toEqual(Array(8).fill(201));
  const [incidents] = await db.db
    .select({ n: count() })
    .from(automationIncident)
    .where(and(eq(automationIncident.automationId, seeded.automationId), eq(automationIncident.kind, "failing")));
  expect(incidents!.n).toBe(1);

  // More mail for both outbox workers to race for.
  for (let i = 0; i < BULK_MAILS; i++)
    await enqueueMail(db.db, `bulk-${i}@reliability.test`, {
      kind: "bulk",
      subject: `Bulk ${i}`,
      text: "Hello",
      html: "<p>Hello</p>",
    });
  const started = Date.now();
  let pending = Infinity;
  while (pending > 0 && Date.now() - started < 60_000) {
    await sleep(250);
    const [row] = await db.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, "pending"));
    pending = row!.n;
  }
  await sleep(2_500); // a worker poll or two more: a late second delivery would show now
  const [sent] = await db.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, "sent"));
  const alerts = sink.received.filter((mail) => mail.subject === "Automation failing: Invoice sync");
  const bulkRecipients = sink.received.flatMap((mail) => mail.to).filter((to) => to.startsWith("bulk-"));
  const distinctIds = new Set(sink.received.map((mail) => mail.messageId)).size;
  console.log(
    `reliability: two servers — session shared, contact ${contactStatuses.join(",")}, ${incidents!.n} incident, ` +
      `${sink.received.length} messages delivered for ${sent!.n} outbox rows (${distinctIds} distinct Message-IDs) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  expect(pending).toBe(0);
  expect(alerts).toHaveLength(1);
  expect(bulkRecipients.sort()).toEqual(
    Array.from({ length: BULK_MAILS }, (_, i) => `bulk-${i}@reliability.test`).sort(),
  );
  expect(sink.received).toHaveLength(sent!.n);
  expect(distinctIds).toBe(sent!.n);
});
