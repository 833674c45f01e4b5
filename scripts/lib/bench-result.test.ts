import { afterEach, describe, expect, it, vi } from "vitest";
import {
  atLeast,
  atMost,
  collectRows,
  formatMarkdown,
  formatTable,
  judgedAs,
  parseBenchLine,
  reportBenchRow,
  reportBenchSkip,
} from "./bench-result";
import type { BenchRow } from "./bench-result";

/** What `fn` printed with console.log, line by line. */
function printed(fn: () => void): string[] {
  const lines: string[] = [];
  const spy = vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
  try {
    fn();
  } finally {
    spy.mockRestore();
  }
  return lines;
}

const row = (overrides: Partial<BenchRow>): BenchRow => ({
  bench: "clients",
  name: "Clients sorted by status, p95 @10 conns",
  db: "postgres",
  figure: 12.5,
  unit: "ms",
  budget: "≤ 50",
  pass: true,
  ...overrides,
});

afterEach(() => vi.restoreAllMocks());

describe("the BENCH-RESULT line", () => {
  it("is one line with the prefix and the row, read back as it was reported", () => {
    const [line, ...rest] = printed(() =>
      reportBenchRow({
        bench: "clients",
        name: "Clients sorted by status, p95 @10 conns",
        db: "postgres",
        figure: 123.456,
        unit: "ms",
        budget: atMost(50),
      }),
    );
    expect(rest).toEqual([]);
    expect(line).toBe(
      'BENCH-RESULT {"bench":"clients","name":"Clients sorted by status, p95 @10 conns","db":"postgres","figure":123.46,"unit":"ms","budget":"≤ 50","pass":false}',
    );
    expect(parseBenchLine(line!)).toEqual(row({ figure: 123.46, pass: false }));
  });

  it("judges at most, at least, and a verdict given, and has no verdict without a budget", () => {
    const report = (figure: number | null, budget?: ReturnType<typeof atMost>) => {
      let reported: BenchRow | undefined;
      printed(() => (reported = reportBenchRow({ bench: "b", name: "n", db: null, figure, unit: "", budget })));
      return reported!;
    };
    expect(report(50, atMost(50)).pass).toBe(true);
    expect(report(50.01, atMost(50)).pass).toBe(false);
    expect(report(1500, atLeast(1500))).toMatchObject({ budget: "≥ 1,500", pass: true });
    expect(report(1499, atLeast(1500)).pass).toBe(false);
    expect(report(3, judgedAs("auth-free", false))).toMatchObject({ budget: "auth-free", pass: false });
    expect(report(3)).toMatchObject({ budget: null, pass: null });
    // A budget that could not be measured against fails.
    expect(report(null, atMost(50))).toMatchObject({ figure: null, pass: false });
  });

  it("says why a figure was skipped, in the output and in the row", () => {
    const lines = printed(() => reportBenchSkip("clients", "staff tables", "pglite", "PostgreSQL only"));
    expect(lines[0]).toBe("  staff tables (pglite): not measured: PostgreSQL only");
    expect(parseBenchLine(lines[1]!)).toEqual({
      bench: "clients",
      name: "staff tables",
      db: "pglite",
      figure: null,
      unit: "",
      budget: null,
      pass: null,
      note: "PostgreSQL only",
    });
  });

  it("leaves other lines alone and refuses a protocol line that is not a row", () => {
    expect(parseBenchLine("  clients: sort name asc   25  12.0 ms")).toBeNull();
    expect(() => parseBenchLine('BENCH-RESULT {"bench":"clients"}')).toThrow(/not a bench row/);
    expect(() => parseBenchLine("BENCH-RESULT {")).toThrow();
  });
});

describe("the rows of a run", () => {
  it("keeps the rows of benches that ended well or failed a budget", () => {
    const failing = row({ pass: false, figure: 80 });
    expect(
      collectRows([
        { bench: "clients", rows: [row({}), failing], exitCode: 1, signal: null },
        { bench: "bundle", rows: [row({ bench: "bundle" })], exitCode: 0, signal: null },
      ]),
    ).toEqual([row({}), failing, row({ bench: "bundle" })]);
  });

  it("adds a failing row for a bench that crashed, was killed, or reported nothing", () => {
    const rows = collectRows([
      { bench: "dashboard", rows: [row({ bench: "dashboard" })], exitCode: 1, signal: null },
      { bench: "retention", rows: [], exitCode: null, signal: "SIGKILL" },
      { bench: "lighthouse", rows: [], exitCode: 0, signal: null },
    ]);
    expect(rows.map((r) => [r.bench, r.pass, r.note])).toEqual([
      ["dashboard", true, undefined],
      ["dashboard", false, "exited with code 1 (see its output above)"],
      ["retention", false, "killed by SIGKILL"],
      ["lighthouse", false, "reported no BENCH-RESULT rows"],
    ]);
  });
});

describe("the table", () => {
  const rows = [
    row({}),
    row({ name: "Seed", figure: 312, unit: "s", budget: "≤ 300", pass: false }),
    row({ bench: "portal", name: "bare route", db: null, figure: 21000, unit: "req/s", budget: null, pass: null }),
    row({
      name: "staff tables",
      db: "pglite",
      figure: null,
      unit: "",
      budget: null,
      pass: null,
      note: "PostgreSQL only",
    }),
  ];

  it("shows each figure with its unit, its budget, and pass or fail, then the count", () => {
    const lines = formatTable(rows).split("\n");
    expect(lines[0]).toMatch(/^Bench\s+Figure\s+Database\s+Measured\s+Budget\s+Result\s+Note$/);
    expect(lines[2]).toMatch(
      /^clients\s+Clients sorted by status, p95 @10 conns\s+postgres\s+12\.5 ms\s+≤ 50 ms\s+PASS$/,
    );
    expect(lines[3]).toMatch(/Seed\s+postgres\s+312 s\s+≤ 300 s\s+FAIL$/);
    expect(lines[4]).toMatch(/^portal\s+bare route\s+—\s+21,000 req\/s\s+—\s+—$/);
    expect(lines[5]).toMatch(/staff tables\s+pglite\s+—\s+—\s+skipped\s+PostgreSQL only$/);
    expect(lines.at(-1)).toBe("1 pass, 1 fail, 1 without a budget, 1 skipped");
  });

  it("in Markdown, one row per figure", () => {
    const md = formatMarkdown([...rows, row({ name: "a | b" })]).split("\n");
    expect(md[0]).toBe("| Bench | Figure | Database | Measured | Budget | Result | Note |");
    expect(md[2]).toBe(
      "| clients | Clients sorted by status, p95 @10 conns | postgres | 12.5 ms | ≤ 50 ms | PASS |  |",
    );
    expect(md[6]).toContain("| a \\| b |");
    expect(md.at(-1)).toBe("2 pass, 1 fail, 1 without a budget, 1 skipped");
  });

  it("writes a budget in words without the figure's unit", () => {
    const page = row({ bench: "bundle", name: "/pricing", db: null, figure: 30.2, unit: "kB", budget: "auth-free" });
    expect(formatMarkdown([page]).split("\n")[2]).toBe("| bundle | /pricing | — | 30.2 kB | auth-free | PASS |  |");
  });
});
