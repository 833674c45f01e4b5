import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { invoice } from "../../../db/schema/billing";
import { givenClient } from "../../../test/given";
import { billingTestKit, type BillingTestKit } from "../billing-test-kit";
import { runBillingCycle } from "./billing-cycle.service";
import { subscribeCompany } from "./subscribe-company.service";

let k: BillingTestKit;
beforeAll(async () => {
  k = await billingTestKit("anchor");
}, 180_000);
afterAll(() => k.t.close());

/** Staff acting at `now` (the current time when not given). */
const staffAt = (now?: Date) =>
  k.t.context({ actor: { id: k.staff.userId, email: k.staff.email, name: "Staff", role: "admin", ip: null }, now });
const day = (date: Date | null) => date?.toISOString().slice(0, 10);
/** The company's period invoices, as "start – end". */
async function periods(companyId: string) {
  const rows = await k.t.db
    .select()
    .from(invoice)
    .where(eq(invoice.companyId, companyId))
    .orderBy(asc(invoice.periodStart));
  return rows.map((row) => `${day(row.periodStart)} – ${day(row.periodEnd)}`);
}
/** Runs the job a little after each of these days begins. */
async function runOn(...days: string[]) {
  for (const date of days) await runBillingCycle(k.t.context({ now: new Date(`${date}T12:00:00Z`) }));
}

test("a subscription started on the 31st is billed on the last day of short months and on the 31st again after", async () => {
  const companyId = k.owner.companyId!;
  const input = { planSlug: "starter", interval: "monthly" as const, trialDays: 0 };
  await subscribeCompany(staffAt(new Date("2026-01-31T09:00:00Z")), { companyId, ...input });
  await runOn("2026-02-28", "2026-03-31", "2026-04-30");
  expect(await periods(companyId)).toEqual([
    "2026-01-31 – 2026-02-28",
    "2026-02-28 – 2026-03-31",
    "2026-03-31 – 2026-04-30",
    "2026-04-30 – 2026-05-31",
  ]);
});

test("after a trial, the periods keep the day the trial ended on", async () => {
  const other = await givenClient(k.t, "owner@trial-anchor.test", "Trial Anchor");
  const companyId = other.companyId!;
  const input = { planSlug: "starter", interval: "monthly" as const, trialDays: 10 };
  // The trial ends on 30 January: the first paid period starts then.
  await subscribeCompany(staffAt(new Date("2026-01-20T09:00:00Z")), { companyId, ...input });
  await runOn("2026-01-30", "2026-02-28", "2026-03-30");
  expect(await periods(companyId)).toEqual([
    "2026-01-30 – 2026-02-28",
    "2026-02-28 – 2026-03-30",
    "2026-03-30 – 2026-04-30",
  ]);
});
