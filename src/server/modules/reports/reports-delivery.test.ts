import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { ZGetReportResponse, ZListReportsResponse } from "../../../shared/reports";
import { createServiceContext } from "../../context/service-context";
import { invoice } from "../../db/schema/billing";
import { company } from "../../db/schema/companies";
import { monthlyReportSending } from "../../db/schema/reports";
import { json, postRun, registerAutomation } from "../../test/fixtures";
import { as, givenCompany, givenStaff, type Caller } from "../../test/given";
import { secondInstance } from "../../test/second-instance";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { firstWorkingDay, reportDue } from "./report-due";
import { sendDueReports } from "./send-reports.service";
import type { Database } from "../../db/client";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;
let ann: Caller;
let cat: Caller;
let bob: Caller;
let acme: string;

/** The text of every page of a PDF, as a reader extracts it. */
async function pdfText(pdf: Uint8Array): Promise<string> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await getDocument({ data: pdf, useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  return pages.join("\n").replace(/\s+/g, " ");
}

const instanceContext = (db: Database, now: Date) =>
  createServiceContext({
    db,
    wakeMail: () => {},
    app: { config: t.config, links: t.mailLinks, attachments: t.attachments },
    actor: null,
    scope: { all: true },
    now,
  });
const reportMails = async (to: string) => (await t.outbox(to)).filter((m) => m.kind === "monthly-report");

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "ops@agency.test");
  const company1 = await givenCompany(t, {
    name: "Acme",
    owner: "ann@acme.test",
    members: [{ email: "cat@acme.test", ownCompany: "Cat’s old company" }],
  });
  [ann, cat, acme] = [company1.owner, company1.members[0]!, company1.id];
  bob = (await givenCompany(t, { name: "Beta", owner: "bob@beta.test" })).owner;
  // Acme has been a client since October, in Berlin, at €60 an hour; its automation saves 30 minutes a run.
  await t.db
    .update(company)
    .set({ createdAt: new Date("2026-10-01T00:00:00Z"), timeZone: "Europe/Berlin", hourlyValueMinor: 6000 })
    .where(eq(company.id, acme));
  const auto = await registerAutomation(t, staff, acme, { name: "Invoice sync", minutesSavedPerRun: 30 });
  for (const [i, day] of ["2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06"].entries())
    await postRun(t, auto.key, {
      externalRunId: `n${i}`,
      startedAt: `${day}T09:00:00Z`,
      status: i === 3 ? "failed" : "success",
    });
  await t.db.insert(invoice).values({
    companyId: acme,
    currency: "EUR",
    number: "2026-0777",
    status: "paid",
    totalMinor: 4500,
    issuedAt: new Date("2026-11-02T09:00:00Z"),
  });
}, 240_000);
afterAll(() => t.close());

test("a member lists the company's months and reads one; another company's people and months are out of reach", async () => {
  const list = ZListReportsResponse.parse(await json(as(cat, "/api/reports")));
  expect(list.months.map((m) => m.month)).toEqual(["2026-11", "2026-10"]);
  expect(list.months[0]).toMatchObject({ complete: false, sentAt: null });
  const { report } = ZGetReportResponse.parse(await json(as(ann, "/api/reports/2026-11")));
  expect(report).toMatchObject({ minutesSaved: 90, moneySavedMinor: 9000, feesMinor: 4500, returnRatio: 2 });
  expect(report.runs).toMatchObject({ total: 4, success: 3, failed: 1 });

  // Beta began this month: October has no report for it, and nothing of Acme's is in its November.
  expect((await as(bob, "/api/reports/2026-10")).status).toBe(404);
  const beta = ZGetReportResponse.parse(await json(as(bob, "/api/reports/2026-11"))).report;
  expect([beta.company.name, beta.hasRuns, beta.invoices]).toEqual(["Beta", false, []]);
  expect((await as(bob, `/api/staff/companies/${acme}/reports/2026-11`)).status).toBe(403);
  // A path that names no month names no report.
  expect((await as(ann, "/api/reports/2026-13")).status).toBe(404);
});

test("the PDF holds the same totals as the page, in the embedded font", async () => {
  const res = await as(ann, "/api/reports/2026-11/pdf");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  expect(res.headers.get("content-disposition")).toContain("monthly-report-2026-11.pdf");
  const pdf = new Uint8Array(await res.arrayBuffer());
  expect(Buffer.from(pdf).toString("latin1")).toMatch(/\/FontFile2/);
  const text = await pdfText(pdf);
  for (const expected of [
    "Monthly report: November 2026",
    "Acme",
    "1.5 h",
    "€90.00",
    "€45.00",
    "2×",
    "Invoice sync",
    "2026-0777",
  ])
    expect(text).toContain(expected);
  expect(text).toContain("November 2026 is not over");
});

test("staff write the month's note (validated, audited, removable) and send a copy to one address", async () => {
  const path = `/api/staff/companies/${acme}/reports/2026-10/note`;
  const tooLong = await as(staff, path, { method: "PUT", json: { body: "x".repeat(2001) } });
  expect(tooLong.status).toBe(400);
  const saved = ZGetReportResponse.parse(
    await json(as(staff, path, { method: "PUT", json: { body: "We <b>moved</b> the invoice sync to the new API." } })),
  );
  expect(saved.report.note).toMatchObject({ body: "We moved the invoice sync to the new API.", updatedBy: "ops" });
  expect((await json<{ report: { note: unknown } }>(as(ann, "/api/reports/2026-10"))).report.note).toMatchObject({
    body: "We moved the invoice sync to the new API.",
  });
  expect(
    (await as(staff, `/api/staff/companies/${acme}/reports/2026-09/note`, { method: "PUT", json: { body: "x" } }))
      .status,
  ).toBe(404);
  const removed = ZGetReportResponse.parse(await json(as(staff, path, { method: "PUT", json: { body: "" } })));
  expect(removed.report.note).toBeNull();

  const sent = await as(staff, `/api/staff/companies/${acme}/reports/2026-11/send`, {
    json: { email: "boss@acme.test" },
  });
  expect(await sent.json()).toEqual({ sentTo: "boss@acme.test" });
  const [copy] = await t.outbox("boss@acme.test");
  expect(copy).toMatchObject({ kind: "monthly-report", subject: "Your monthly report: Acme, November 2026" });
  expect(copy!.attachments).toEqual([expect.objectContaining({ filename: "monthly-report-2026-11.pdf" })]);
  const bad = await as(staff, `/api/staff/companies/${acme}/reports/2026-11/send`, {
    json: { email: "not-an-address" },
  });
  expect(bad.status).toBe(400);
});

test("the first working day of a month, from 08:00 local, until its 7th", () => {
  expect(firstWorkingDay("2026-08-20")).toBe("2026-08-03"); // 1 August 2026 is a Saturday
  expect(firstWorkingDay("2026-11-20")).toBe("2026-11-02"); // a Sunday
  expect(firstWorkingDay("2026-12-20")).toBe("2026-12-01"); // a Tuesday
  expect(reportDue(new Date("2026-12-01T06:59:00Z"), "Europe/Berlin")).toBeNull();
  expect(reportDue(new Date("2026-12-01T07:00:00Z"), "Europe/Berlin")).toBe("2026-11");
  expect(reportDue(new Date("2026-08-01T09:00:00Z"), "UTC")).toBeNull();
  expect(reportDue(new Date("2026-08-08T09:00:00Z"), "UTC")).toBeNull();
  expect(reportDue(new Date("2026-11-30T19:00:00Z"), "Pacific/Kiritimati")).toBe("2026-11"); // 1 December, 09:00 local
});

test("last month's report is mailed once, with its PDF, to members and staff who want it, across two instances", async () => {
  await as(cat, "/api/me/notifications", {
    method: "PUT",
    json: { alerts: "all", weeklyDigest: true, monthlyReport: false },
  });
  expect(await sendDueReports(t.context({ now: new Date("2026-12-01T06:59:00Z") }))).toBe(0);
  const other = await secondInstance(t);
  const due = new Date("2026-12-01T08:05:00Z"); // 09:05 in Berlin (Acme), 08:05 in UTC (Beta)
  try {
    const counts = await Promise.all(
      [t.db, other.db, t.db, other.db].map((db) => sendDueReports(instanceContext(db, due))),
    );
    // Every company that was a client in November once, whichever instance claimed it.
    const claimed = await t.db.select().from(monthlyReportSending).where(eq(monthlyReportSending.month, "2026-11-01"));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(claimed.length);
    expect(claimed.map((c) => c.companyId)).toEqual(expect.arrayContaining([acme, bob.companyId]));
  } finally {
    await other.close();
  }
  expect(await sendDueReports(t.context({ now: new Date("2026-12-03T10:00:00Z") }))).toBe(0);
  const [annMail, ...more] = await reportMails("ann@acme.test");
  expect(more).toHaveLength(0);
  expect(await reportMails("cat@acme.test")).toHaveLength(0);
  expect(annMail!.subject).toBe("Your monthly report: Acme, November 2026");
  expect(annMail!.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  const pdf = (annMail!.attachments as { contentBase64: string }[])[0]!.contentBase64;
  const text = await pdfText(new Uint8Array(Buffer.from(pdf, "base64")));
  expect(text).toContain("1.5 h");
  expect(text).not.toContain("is not over");
  const staffMails = await reportMails("ops@agency.test");
  for (const name of ["Acme", "Beta"])
    expect(staffMails.filter((m) => m.subject === `Your monthly report: ${name}, November 2026`)).toHaveLength(1);
  const claims = await t.db.select().from(monthlyReportSending).where(eq(monthlyReportSending.companyId, acme));
  expect(claims).toEqual([expect.objectContaining({ month: "2026-11-01", recipients: 2 })]);
  const listed = ZListReportsResponse.parse(await json(as(ann, "/api/reports")));
  expect(listed.months.find((m) => m.month === "2026-11")?.sentAt).not.toBeNull();
});
