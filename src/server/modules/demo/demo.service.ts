import { count, eq } from "drizzle-orm";
import { DAY_MS } from "../../../shared/days";
import { createPasswordAccount, generatePassword } from "../../auth/staff-account";
import { user } from "../../db/schema/auth";
import { automation } from "../../db/schema/automations";
import { companyMember } from "../../db/schema/companies";
import { detectStale, issueIngestKey } from "../automations";
import { updateHourlyValue, writeClientCompany } from "../companies";
import { ingestRuns, type ReportedRun } from "../ingest";
import { DEMO_COMPANIES, type DemoAutomation } from "./demo-data";
import { seedDemoStory, type DemoClient } from "./demo-story.service";
import type { RunStatus } from "../../../shared/automations";
import type { Actor, ServiceContext } from "../../context/service-context";

/** True before anyone has an account: the server then suggests seed:demo, which fills only an empty database. */
export async function isDatabaseEmpty({ db }: ServiceContext): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(user);
  return (row?.n ?? 0) === 0;
}

export const DEMO_STAFF_EMAIL = "staff@cogwork.demo";

/** What seed:demo finds: an empty database, its own demo from an earlier run, or someone's accounts. */
export async function demoState({ db }: ServiceContext): Promise<"empty" | "demo" | "other"> {
  const [row] = await db.select({ n: count() }).from(user);
  if ((row?.n ?? 0) === 0) return "empty";
  const [demoStaff] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_STAFF_EMAIL));
  return demoStaff ? "demo" : "other";
}

/** Seeds only an empty database: run twice, the second run finds its demo and changes nothing. */
export async function seedDemoOnce(ctx: ServiceContext, input: { log?: (line: string) => void } = {}) {
  const state = await demoState(ctx);
  if (state !== "empty") return { seeded: false as const, state };
  return { seeded: true as const, ...(await seedDemo(ctx, input)) };
}

/** A small deterministic random source, so that every demo looks the same. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function runsFor(a: DemoAutomation, now: number, random: () => number): ReportedRun[] {
  const horizon = now - 90 * DAY_MS;
  const end = typeof a.story === "object" ? now - a.story.stoppedDaysAgo * DAY_MS : now;
  const starts: number[] = [];
  if (a.every) {
    const step = a.every * 60_000;
    for (let t = end - random() * step * 0.5; t > horizon; t -= step * (0.9 + random() * 0.2)) starts.push(t);
  } else {
    const [low, high] = a.perDay ?? [3, 10];
    for (let day = 0; day < 90; day++) {
      const n = Math.round(low + random() * (high - low) * (day % 7 >= 5 ? 0.4 : 1));
      for (let i = 0; i < n; i++) {
        const t = end - day * DAY_MS - random() * DAY_MS;
        if (t > horizon) starts.push(t);
      }
    }
  }
  starts.sort((x, y) => x - y);
  let previousFailed = false;
  return starts.map((start, i) => {
    const lastFew = a.story === "failing" && i >= starts.length - 4;
    let status: RunStatus = "success";
    const roll = random();
    if (lastFew) status = "failed";
    else if (!previousFailed && a.errors.length > 0 && roll < 0.04) status = "failed";
    else if (roll > 0.975) status = "skipped";
    previousFailed = status === "failed";
    const duration = 5_000 + random() * 120_000;
    return {
      externalRunId: `demo-${Math.round(start)}-${i}`,
      status,
      startedAt: new Date(start).toISOString(),
      finishedAt: new Date(start + duration).toISOString(),
      itemsProcessed: status === "success" ? Math.round(1 + random() * 40) : 0,
      minutesSaved: null,
      errorMessage: status === "failed" ? a.errors[Math.floor(random() * a.errors.length)]! : null,
      runUrl: null,
    };
  });
}

export interface DemoAccount {
  email: string;
  password: string;
  role: string;
  company?: string;
}

type Log = (line: string) => void;

/** One demo automation, registered 95 days ago with a key of its own, and its 90 days of runs sent through ingest. */
async function seedAutomation(
  ctx: ServiceContext,
  input: { a: DemoAutomation; companyId: string; staff: Actor; random: () => number },
) {
  const { db, now } = ctx;
  const { a, companyId, staff } = input;
  const createdAt = new Date(now.getTime() - 95 * DAY_MS);
  const [row] = await db
    .insert(automation)
    .values({
      companyId,
      name: a.name,
      purpose: a.purpose,
      platform: a.platform,
      triggerDescription: a.trigger,
      expectedEveryMinutes: a.every,
      minutesSavedPerRun: a.minutes,
      // Runs are loaded as Live so that failures count; the final status is set afterwards.
      status: a.status === "building" ? "building" : "live",
      liveSince: createdAt,
      createdBy: staff.id,
      updatedBy: staff.id,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: automation.id });
  const automationId = row!.id;
  if (a.status === "building") return { automationId, runs: 0 };
  // A real key, as staff would issue it: ingest admits runs only with a working key of the
  // automation. The key itself is not kept; staff rotate it to connect a platform.
  const key = await issueIngestKey(ctx.with({ actor: staff, now: createdAt }), { companyId, automationId });
  const runs = runsFor(a, now.getTime(), input.random);
  for (let i = 0; i < runs.length; i += 500) {
    await ingestRuns(ctx.with({ actor: null }), {
      ctx: { keyId: key.id, automationId, companyId },
      runs: runs.slice(i, i + 500),
    });
  }
  if (a.status === "paused")
    await db.update(automation).set({ status: "paused" }).where(eq(automation.id, automationId));
  return { automationId, runs: runs.length };
}

/** A client company as staff create it (audited), its people with printed passwords, the owner's hourly value, its automations. */
async function seedCompany(
  ctx: ServiceContext,
  input: { demo: (typeof DEMO_COMPANIES)[number]; staff: Actor; random: () => number; log: Log },
) {
  const { db, now } = ctx;
  const { demo, staff } = input;
  const createdAt = new Date(now.getTime() - 100 * DAY_MS);
  const staffCtx = ctx.with({ actor: staff, scope: { all: true }, now: createdAt });
  const created = await staffCtx.transaction((tx) =>
    writeClientCompany(tx, { name: demo.name, timeZone: demo.timeZone }),
  );
  const companyId = created.company.id;
  const accounts: DemoAccount[] = [];
  const people: Actor[] = [];
  for (const person of demo.people) {
    const password = generatePassword();
    const userId = await createPasswordAccount(db, {
      email: person.email,
      name: person.name,
      password,
      role: "client",
    });
    await db.insert(companyMember).values({ companyId, userId, role: person.role });
    accounts.push({ email: person.email, password, role: person.role, company: demo.name });
    people.push({ id: userId, email: person.email, name: person.name, role: "client", ip: null });
  }
  const owner = people[demo.people.findIndex((p) => p.role === "owner")]!;
  const scope = { all: false, companyId } as const;
  await updateHourlyValue(ctx.with({ actor: owner, scope, now: createdAt }), {
    companyId,
    hourlyValueMinor: demo.hourlyValueMinor,
  });
  const automationIds = new Map<string, string>();
  let totalRuns = 0;
  for (const a of demo.automations) {
    const seeded = await seedAutomation(ctx, { a, companyId, staff, random: input.random });
    automationIds.set(a.name, seeded.automationId);
    totalRuns += seeded.runs;
    if (a.status !== "building") input.log(`  ${demo.name} · ${a.name}: ${seeded.runs.toLocaleString("en")} runs`);
  }
  const member = people[demo.people.findIndex((p) => p.role === "member")]!;
  const client: DemoClient = { name: demo.name, companyId, owner, member, automationIds };
  return { client, accounts, totalRuns };
}

/**
 * Fills an empty database with a staff account, two client companies, their automations and 90
 * days of runs, then their three months with the agency: plans, invoices, roadmap and tickets.
 */
export async function seedDemo(ctx: ServiceContext, input: { log?: Log } = {}) {
  const log = input.log ?? (() => {});
  const random = mulberry32(20261122);
  log("Filling the database with demo data…");
  const staffPassword = generatePassword();
  const staffId = await createPasswordAccount(ctx.db, {
    email: DEMO_STAFF_EMAIL,
    name: "Sam Staff",
    password: staffPassword,
    role: "admin",
  });
  const accounts: DemoAccount[] = [{ email: DEMO_STAFF_EMAIL, password: staffPassword, role: "agency staff" }];
  const staff: Actor = { id: staffId, email: DEMO_STAFF_EMAIL, name: "Sam Staff", role: "admin", ip: null };
  let totalRuns = 0;
  const clients: DemoClient[] = [];
  for (const demo of DEMO_COMPANIES) {
    const seeded = await seedCompany(ctx, { demo, staff, random, log });
    accounts.push(...seeded.accounts);
    clients.push(seeded.client);
    totalRuns += seeded.totalRuns;
  }
  const story = await seedDemoStory(ctx, { clients, staff });
  log(`  Plans, invoices, roadmap items and tickets: ${story.steps} steps replayed through the app's services`);
  const stale = await detectStale(ctx);
  return { accounts, totalRuns, stale: stale.length };
}
