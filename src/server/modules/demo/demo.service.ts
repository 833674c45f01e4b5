import { count, eq } from "drizzle-orm";
import { DAY_MS } from "../../../shared/days";
import { createPasswordAccount, generatePassword } from "../../auth/staff-account";
import { user } from "../../db/schema/auth";
import { automation } from "../../db/schema/automations";
import { company, companyMember } from "../../db/schema/companies";
import { detectStale } from "../automations/health.service";
import { ingestRuns, type ReportedRun } from "../ingest/ingest.service";
import type { RunStatus } from "../../../shared/automations";
import type { Database } from "../../db/client";

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
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

type Platform = "n8n" | "make" | "zapier" | "custom";
interface DemoAutomation {
  name: string;
  purpose: string;
  platform: Platform;
  trigger: string;
  every: number | null;
  minutes: number;
  status: "building" | "live" | "paused";
  /** How the runs end: healthy, failing now, stopped N days ago. */
  story?: "failing" | { stoppedDaysAgo: number };
  perDay?: [number, number];
  errors: string[];
}

const COMPANIES: {
  name: string;
  hourlyValueMinor: number;
  people: { email: string; name: string; role: "owner" | "member" }[];
  automations: DemoAutomation[];
}[] = [
  {
    name: "Northwind Trading",
    hourlyValueMinor: 4500,
    people: [
      { email: "ana@northwind.demo", name: "Ana Ortiz", role: "owner" },
      { email: "ben@northwind.demo", name: "Ben Ito", role: "member" },
    ],
    automations: [
      {
        name: "Invoice sync",
        purpose: "Copies paid web-shop invoices into the accounting system.",
        platform: "n8n",
        trigger: "Every hour",
        every: 60,
        minutes: 6,
        status: "live",
        errors: ["The accounting system did not answer in time; the invoices will be copied on the next run."],
      },
      {
        name: "Order confirmation emails",
        purpose: "Sends a personal confirmation to every wholesale order.",
        platform: "zapier",
        trigger: "A new order in the shop",
        every: null,
        minutes: 3,
        status: "live",
        perDay: [8, 30],
        errors: ["The email provider refused one address as invalid."],
      },
      {
        name: "Supplier price import",
        purpose: "Reads the suppliers' price lists and updates purchase prices.",
        platform: "make",
        trigger: "Every morning at 06:00",
        every: 1440,
        minutes: 45,
        status: "live",
        errors: ["One supplier's price list was not published yet."],
      },
      {
        name: "Low-stock alerts",
        purpose: "Warns the warehouse when a best-seller runs low.",
        platform: "n8n",
        trigger: "Every 30 minutes",
        every: 30,
        minutes: 2,
        status: "live",
        story: "failing",
        errors: ["The warehouse system rejected the login: its password was changed."],
      },
      {
        name: "Weekly sales report",
        purpose: "Builds the Monday sales report for the management team.",
        platform: "custom",
        trigger: "Mondays at 07:00",
        every: 10080,
        minutes: 120,
        status: "live",
        errors: ["The report could not be saved to the shared drive."],
      },
      {
        name: "Customer feedback tagging",
        purpose: "Tags incoming reviews by topic and mood for the service team.",
        platform: "make",
        trigger: "Every 6 hours",
        every: 360,
        minutes: 10,
        status: "live",
        story: { stoppedDaysAgo: 2 },
        errors: ["The review site limited the number of requests."],
      },
      {
        name: "Returns processing",
        purpose: "Creates return labels and credit notes from the returns form.",
        platform: "zapier",
        trigger: "A returns form is submitted",
        every: null,
        minutes: 12,
        status: "building",
        errors: [],
      },
    ],
  },
  {
    name: "Blue Harbor Clinic",
    hourlyValueMinor: 6000,
    people: [
      { email: "chloe@blueharbor.demo", name: "Chloé Martin", role: "owner" },
      { email: "dev@blueharbor.demo", name: "Dev Patel", role: "member" },
    ],
    automations: [
      {
        name: "Appointment reminders",
        purpose: "Texts patients the day before their appointment.",
        platform: "n8n",
        trigger: "Every hour",
        every: 60,
        minutes: 4,
        status: "live",
        errors: ["The text-message provider was briefly unavailable."],
      },
      {
        name: "Lab results filing",
        purpose: "Files incoming lab results into the right patient record.",
        platform: "custom",
        trigger: "Every 2 hours",
        every: 120,
        minutes: 8,
        status: "live",
        errors: ["A result arrived without a patient number and was set aside for review."],
      },
      {
        name: "New patient intake",
        purpose: "Turns the online intake form into a patient record and a welcome email.",
        platform: "make",
        trigger: "The intake form is submitted",
        every: null,
        minutes: 15,
        status: "live",
        perDay: [2, 12],
        errors: ["The form was missing a date of birth."],
      },
      {
        name: "Insurance claim status",
        purpose: "Checks open insurance claims and flags the ones that need a call.",
        platform: "zapier",
        trigger: "Every morning",
        every: 1440,
        minutes: 30,
        status: "paused",
        story: { stoppedDaysAgo: 10 },
        errors: ["The insurer's portal was down for maintenance."],
      },
      {
        name: "Staff rota export",
        purpose: "Publishes next week's rota to the staff calendar.",
        platform: "n8n",
        trigger: "Fridays at 15:00",
        every: 10080,
        minutes: 60,
        status: "live",
        errors: [],
      },
    ],
  },
];

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
export async function seedDemo(db: Database, options: { appUrl: string; now?: Date; log?: (line: string) => void }) {
  const now = options.now ?? new Date();
  const log = options.log ?? (() => {});
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

  let totalRuns = 0;
  for (const demo of COMPANIES) {
    const [created] = await db
      .insert(company)
      .values({ name: demo.name, status: "active", hourlyValueMinor: demo.hourlyValueMinor })
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
      const runs = runsFor(a, now.getTime(), random);
      for (let i = 0; i < runs.length; i += 500) {
        await ingestRuns(
          db,
          { keyId: "00000000-0000-0000-0000-000000000000", automationId: row!.id, companyId },
          runs.slice(i, i + 500),
          { appUrl: options.appUrl, now },
        );
      }
      if (a.status === "paused")
        await db.update(automation).set({ status: "paused" }).where(eq(automation.id, row!.id));
      totalRuns += runs.length;
      log(`  ${demo.name} · ${a.name}: ${runs.length.toLocaleString("en")} runs`);
    }
  }
  const stale = await detectStale(db, now);
  return { accounts, totalRuns, stale: stale.length };
}
