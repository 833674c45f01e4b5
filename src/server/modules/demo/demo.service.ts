import { count, eq } from "drizzle-orm";
import { DAY_MS } from "../../../shared/days";
import { createPasswordAccount, generatePassword } from "../../auth/staff-account";
import { user } from "../../db/schema/auth";
import { automation } from "../../db/schema/automations";
import { company, companyMember } from "../../db/schema/companies";
import { detectStale, issueIngestKey } from "../automations";
import { ingestRuns, type ReportedRun } from "../ingest";
import { DEMO_COMPANIES, type DemoAutomation } from "./demo-data";
import type { RunStatus } from "../../../shared/automations";
import type { ServiceContext } from "../../context/service-context";

/** True before anyone has an account: the server then suggests seed:demo, which fills only an empty database. */
export async function isDatabaseEmpty({ db }: ServiceContext): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(user);
  return (row?.n ?? 0) === 0;
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

/** Fills an empty database with a staff account, two client companies, their automations and 90 days of runs. */
export async function seedDemo(ctx: ServiceContext, input: { log?: (line: string) => void } = {}) {
  const { db, now } = ctx;
  const log = input.log ?? (() => {});
  const random = mulberry32(20261122);
  const accounts: DemoAccount[] = [];

  const staffPassword = generatePassword();
  const staffId = await createPasswordAccount(db, {
    email: "staff@cogwork.demo",
    name: "Sam Staff",
    password: staffPassword,
    role: "admin",
  });
  accounts.push({ email: "staff@cogwork.demo", password: staffPassword, role: "agency staff" });
  const staff = { id: staffId, email: "staff@cogwork.demo", name: "Sam Staff", role: "admin", ip: null };

  let totalRuns = 0;
  for (const demo of DEMO_COMPANIES) {
    const [created] = await db
      .insert(company)
      .values({ name: demo.name, hourlyValueMinor: demo.hourlyValueMinor })
      .returning({ id: company.id });
    const companyId = created!.id;
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
    }
    for (const a of demo.automations) {
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
          createdBy: staffId,
          updatedBy: staffId,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: automation.id });
      if (a.status === "building") continue;
      // A real key, as staff would issue it: ingest admits runs only with a working key of the
      // automation. The key itself is not kept; staff rotate it to connect a platform.
      const key = await issueIngestKey(ctx.with({ actor: staff, now: createdAt }), {
        companyId,
        automationId: row!.id,
      });
      const runs = runsFor(a, now.getTime(), random);
      for (let i = 0; i < runs.length; i += 500) {
        await ingestRuns(ctx.with({ actor: null }), {
          ctx: { keyId: key.id, automationId: row!.id, companyId },
          runs: runs.slice(i, i + 500),
        });
      }
      if (a.status === "paused")
        await db.update(automation).set({ status: "paused" }).where(eq(automation.id, row!.id));
      totalRuns += runs.length;
      log(`  ${demo.name} · ${a.name}: ${runs.length.toLocaleString("en")} runs`);
    }
  }
  const stale = await detectStale(ctx);
  return { accounts, totalRuns, stale: stale.length };
}
