import { afterAll, beforeAll, expect, test } from "vitest";
import { invoice, invoiceLine } from "../../../db/schema/billing";
import { givenClient } from "../../../test/given";
import { createTestRuntime, type TestRuntime } from "../../../test/test-runtime";
import { finalizeInvoice } from "./finalize-invoice";

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime();
}, 180_000);
afterAll(() => t.close());

test("50 concurrent finalizations take 50 consecutive numbers, none shared or skipped", async () => {
  const owner = await givenClient(t, "owner@numbers.test", "Numbers Ltd");
  const drafts = await t.db
    .insert(invoice)
    .values(Array.from({ length: 50 }, () => ({ companyId: owner.companyId!, currency: "EUR" })))
    .returning({ id: invoice.id });
  await t.db
    .insert(invoiceLine)
    .values(drafts.map((d) => ({ invoiceId: d.id, kind: "one_off" as const, description: "Work", amountMinor: 1000 })));
  const ctx = t.context({ now: new Date("2031-03-01T10:00:00Z") });
  // One of them fails after taking its number: its transaction rolls back and gives the number back.
  const results = await Promise.allSettled([
    ...drafts.map((d) => ctx.transaction((tx) => finalizeInvoice(tx, { invoiceId: d.id }))),
    ctx.transaction(async (tx) => {
      await finalizeInvoice(tx, { invoiceId: drafts[0]!.id });
      throw new Error("rolled back");
    }),
  ]);
  expect(results.filter((r) => r.status === "rejected")).toHaveLength(1);
  const numbers = (await t.db.select({ number: invoice.number }).from(invoice)).map((r) => r.number!).sort();
  expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `2031-${String(i + 1).padStart(4, "0")}`));
  // The next year starts again at 0001.
  const [next] = await t.db
    .insert(invoice)
    .values({ companyId: owner.companyId!, currency: "EUR" })
    .returning({ id: invoice.id });
  await t.db
    .insert(invoiceLine)
    .values({ invoiceId: next!.id, kind: "one_off", description: "Work", amountMinor: 1000 });
  const data = await t
    .context({ now: new Date("2032-01-01T00:00:01Z") })
    .transaction((tx) => finalizeInvoice(tx, { invoiceId: next!.id }));
  expect(data.number).toBe("2032-0001");
}, 120_000);
