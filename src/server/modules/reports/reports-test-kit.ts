import { randomUUID } from "node:crypto";
import { user } from "../../db/schema/auth";
import { automation, automationRun } from "../../db/schema/automations";
import { company, companyMember } from "../../db/schema/companies";
import { rebuildDailyRollup } from "../ingest";
import type { RunStatus } from "../../../shared/automations";
import type { Actor } from "../../context/service-context";
import type { TestRuntime } from "../../test/test-runtime";

/** A company written straight into its table, with the zone, start and hourly value a test needs. */
export async function seedCompany(
  t: TestRuntime,
  spec: { name: string; timeZone: string; createdAt: string; hourlyValueMinor?: number; currency?: string },
) {
  const [row] = await t.db
    .insert(company)
    .values({
      name: spec.name,
      timeZone: spec.timeZone,
      createdAt: new Date(spec.createdAt),
      hourlyValueMinor: spec.hourlyValueMinor ?? 6000,
      currency: spec.currency ?? "EUR",
    })
    .returning({ id: company.id });
  return row!.id;
}

/** A person of the company (or staff, without one), as a service's actor. */
export async function seedPerson(
  t: TestRuntime,
  spec: { email: string; companyId?: string; role?: "owner" | "member"; staff?: boolean },
): Promise<Actor> {
  const id = randomUUID();
  const name = spec.email.split("@")[0]!;
  await t.db
    .insert(user)
    .values({ id, name, email: spec.email, emailVerified: true, role: spec.staff ? "admin" : "user" });
  if (spec.companyId)
    await t.db.insert(companyMember).values({ companyId: spec.companyId, userId: id, role: spec.role ?? "member" });
  return { id, name, email: spec.email, role: spec.staff ? "admin" : "user", ip: null };
}

export async function seedAutomation(t: TestRuntime, companyId: string, name: string, status = "live" as const) {
  const [row] = await t.db
    .insert(automation)
    .values({
      companyId,
      name,
      purpose: `${name}, for the tests.`,
      platform: "n8n",
      triggerDescription: "Every hour",
      minutesSavedPerRun: 6,
      status,
    })
    .returning({ id: automation.id });
  return row!.id;
}

/**
 * Runs of one automation (start instant, status, minutes saved), then the company's daily rollup
 * rebuilt from its runs in its time zone by ingest's own statement.
 */
export async function seedRuns(
  t: TestRuntime,
  target: { companyId: string; automationId: string },
  runs: [startedAt: string, status: RunStatus, minutesSaved: number][],
) {
  await t.db.insert(automationRun).values(
    runs.map(([startedAt, status, minutesSaved]) => ({
      ...target,
      externalId: randomUUID(),
      status,
      startedAt: new Date(startedAt),
      minutesSaved,
    })),
  );
  await rebuildDailyRollup(t.db, target.companyId);
}
