import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { pricingPlan } from "../../db/schema/pricing";
import { as, givenStaff, type Caller } from "../../test/given";
import { createTestRuntime, type TestRuntime } from "../../test/test-runtime";
import { seedClient } from "./clients-test-kit";
import { csvCell } from "./export-clients.service";

vi.setConfig({ testTimeout: 120_000 });

let t: TestRuntime;
let staff: Caller;

beforeAll(async () => {
  t = await createTestRuntime();
  staff = await givenStaff(t, "sam@agency.test");
}, 180_000);
afterAll(() => t.close());

const exportCsv = (query: string) => as(staff, `/api/staff/companies/export.csv${query}`);
/** The CSV's lines (the byte order mark is dropped by the decoder, the last line end closes the last row). */
const lines = (body: string) => body.split("\r\n").slice(0, -1);

test("cells are quoted when they must be, and text a spreadsheet would run as a formula is defused", () => {
  expect(csvCell("Acme")).toBe("Acme");
  expect(csvCell('Say "hi", then go')).toBe('"Say ""hi"", then go"');
  expect(csvCell("two\nlines")).toBe('"two\nlines"');
  expect(csvCell("=1+1")).toBe("'=1+1");
  expect(csvCell("+44 20")).toBe("'+44 20");
  expect(csvCell("-2")).toBe("'-2");
  expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
  expect(csvCell('=HYPERLINK("http://x.test","go")')).toBe(`"'=HYPERLINK(""http://x.test"",""go"")"`);
  expect(csvCell(12.5)).toBe("12.5");
  expect(csvCell(null)).toBe("");
});

test("the export is the whole filtered, sorted view as a CSV download", async () => {
  const paying = { plan: "starter", status: "active", interval: "monthly" } as const;
  const [starter] = await t.db.select().from(pricingPlan).where(eq(pricingPlan.slug, "starter"));
  const mrr = (starter!.monthlyPriceMinor / 100).toFixed(2);
  await seedClient(t, {
    name: 'Export, "Quoted" Ltd',
    owner: { name: "=cmd|' /C calc'!A0", email: "ann@quoted.test" },
    summary: { live: 2, total: 3, runs: 8, failed: 1, minutes: 90, daysAgo: 0 },
    subscription: paying,
  });
  await seedClient(t, { name: "@Export Formula", invitation: "bob@formula.test" });
  for (let i = 0; i < 30; i++)
    await seedClient(t, { name: `Export bulk ${String(i).padStart(2, "0")}`, subscription: paying });
  await seedClient(t, { name: "Export paused", subscription: paying, automations: ["paused"] });

  const response = await exportCsv("?q=export&status=active&sort=name&dir=desc");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  const today = new Date().toISOString().slice(0, 10);
  expect(response.headers.get("content-disposition")).toBe(`attachment; filename="clients-${today}.csv"`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...rows] = lines(new TextDecoder().decode(bytes));
  expect(header).toBe(
    "Company,Status,Main contact,Main contact email,Automations live,Automations (not retired)," +
      "Failure rate 7 days (%),Hours saved 30 days,Plan,MRR,Currency,Open tickets,Last activity (UTC)",
  );
  // Every active one (more than a page), by name descending; the paused and trial ones filtered out.
  expect(rows).toHaveLength(31);
  expect(rows[1]).toMatch(
    new RegExp(`^Export bulk 29,Active,,,0,0,,0,Starter,${mrr},EUR,0,\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$`),
  );
  expect(rows[0]).toMatch(
    new RegExp(
      `^"Export, ""Quoted"" Ltd",Active,'=cmd\\|' /C calc'!A0,ann@quoted.test,2,3,12.5,1.5,Starter,${mrr},EUR,0,\\d{4}-[\\d-]+T[\\d:]+Z$`,
    ),
  );

  const trial = lines(await (await exportCsv("?status=trial&q=formula")).text());
  expect(trial[1]).toMatch(/^'@Export Formula,Trial,,bob@formula.test,0,0,,0,,0.00,EUR,0,/);
  const none = lines(await (await exportCsv("?q=no-such-company")).text());
  expect(none).toHaveLength(1);
});
