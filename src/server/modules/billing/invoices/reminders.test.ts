import { afterAll, beforeAll, expect, test } from "vitest";
import { DAY_MS } from "../../../../shared/days";
import { invoice } from "../../../db/schema/billing";
import { billingTestKit, type BillingTestKit } from "../billing-test-kit";
import { sendOverdueReminders } from "./reminders.service";

let k: BillingTestKit;
beforeAll(async () => {
  k = await billingTestKit("reminders");
}, 180_000);
afterAll(() => k.t.close());

const now = new Date("2026-06-20T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
const numberOf = (n: number) => `2026-${String(n).padStart(4, "0")}`;
const reminders = async () =>
  (await k.t.outbox(k.owner.email)).filter((mail) => mail.kind === "invoice-reminder").map((mail) => mail.subject);

/** Open invoices, finalized `daysOverdue + 14` days ago, with `remindersSent` of their reminders gone out. */
function openInvoices(from: number, count: number, daysOverdue: number, remindersSent: number) {
  return Array.from({ length: count }, (_, i) => ({
    companyId: k.owner.companyId!,
    number: numberOf(from + i),
    status: "open" as const,
    currency: "EUR",
    subtotalMinor: 49_000,
    taxRateBp: 2100,
    taxMinor: 10_290,
    totalMinor: 59_290,
    issuedAt: daysAgo(daysOverdue + 14),
    dueAt: daysAgo(daysOverdue),
    remindersSent,
  }));
}

test("past 1,000 overdue invoices already reminded, new overdue ones still get their reminder", async () => {
  // 1,100 invoices 5 days overdue have had their 3-day reminder; the 7-day one is not due yet.
  await k.t.db.insert(invoice).values(openInvoices(1, 1100, 5, 1));
  await k.t.db.insert(invoice).values(openInvoices(1101, 5, 4, 0));
  for (let pass = 0; pass < 6; pass++) await sendOverdueReminders(k.t.context({ now }));
  expect((await reminders()).sort()).toEqual(
    [1101, 1102, 1103, 1104, 1105].map((n) => `Reminder: invoice ${numberOf(n)} is 3 days overdue`),
  );
});

test("1,100 invoices due for a reminder at once all get it in one pass, and only once", async () => {
  const later = new Date(now.getTime() + 2 * DAY_MS);
  // The 1,100 are now 7 days overdue; the 5 newer ones, 6 days, have nothing due.
  expect(await sendOverdueReminders(k.t.context({ now: later }))).toBe(1100);
  expect(await sendOverdueReminders(k.t.context({ now: later }))).toBe(0);
  const sevenDays = (await reminders()).filter((subject) => subject.endsWith("is 7 days overdue"));
  expect(new Set(sevenDays).size).toBe(1100);
  expect(sevenDays).toHaveLength(1100);
}, 180_000);
