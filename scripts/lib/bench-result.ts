/*
 * The benches' result protocol (ADR 0035, "One table"): besides its own output, a bench prints
 * every figure it measures as one line `BENCH-RESULT {json}` on stdout (reportBenchRow), and
 * `npm run bench` (scripts/bench.ts) gathers the lines of every bench into one table with each
 * figure, its budget and pass or fail.
 */

export const BENCH_RESULT_PREFIX = "BENCH-RESULT ";

/** Where a figure was measured: PostgreSQL, PGlite, or no database (bundle sizes, a page's score). */
export type BenchDatabase = "postgres" | "pglite" | null;

/** One line of the protocol. */
export interface BenchRow {
  /** The bench's name: its file without `bench-` and the extension ("clients"). */
  bench: string;
  /** What was measured, e.g. "Clients sorted by status, p95 @10 conns". */
  name: string;
  db: BenchDatabase;
  /** The measured value; null when it was not measured (skipped, or the bench crashed). */
  figure: number | null;
  unit: string;
  /** The budget as written in the table ("≤ 50"); null for a figure shown for scale. */
  budget: string | null;
  /** Within the budget; null when there is no budget (a figure for scale, or a skip). */
  pass: boolean | null;
  /** Why a figure is missing, or what it is beside (e.g. "seeded 2026-11-26"). */
  note?: string;
}

/** A budget: its text in the table and whether a figure meets it. */
export interface Budget {
  text: string;
  passes: (figure: number) => boolean;
}

const shownNumber = (n: number) => n.toLocaleString("en", { maximumFractionDigits: Math.abs(n) >= 10 ? 1 : 2 });

/** At most `limit` (latencies, sizes, durations). */
export const atMost = (limit: number): Budget => ({ text: `≤ ${shownNumber(limit)}`, passes: (f) => f <= limit });

/** At least `limit` (throughputs, scores, shares). */
export const atLeast = (limit: number): Budget => ({ text: `≥ ${shownNumber(limit)}`, passes: (f) => f >= limit });

/** A budget checked elsewhere (e.g. "no auth code in the page"): `ok` is its verdict. */
export const judgedAs = (text: string, ok: boolean): Budget => ({ text, passes: () => ok });

export interface BenchRowInput {
  bench: string;
  name: string;
  db: BenchDatabase;
  figure: number | null;
  unit: string;
  /** Leave out for a figure shown for scale (no pass or fail). */
  budget?: Budget;
  note?: string;
}

/** Prints the row as a protocol line and returns it (with its verdict). */
export function reportBenchRow(input: BenchRowInput): BenchRow {
  const { bench, name, db, unit, budget, note } = input;
  const figure = input.figure === null || !Number.isFinite(input.figure) ? null : Number(input.figure.toFixed(2));
  const row: BenchRow = {
    bench,
    name,
    db,
    figure,
    unit,
    budget: budget?.text ?? null,
    // A budget with no figure fails (a page not built, a bench that could not measure); a skip has no budget.
    pass: budget ? budget.passes(input.figure ?? Number.NaN) : null,
    ...(note === undefined ? {} : { note }),
  };
  console.log(BENCH_RESULT_PREFIX + JSON.stringify(row));
  return row;
}

/** A figure not measured in this run, and why (printed too, so that nothing is skipped silently). */
export function reportBenchSkip(bench: string, name: string, db: BenchDatabase, reason: string): BenchRow {
  console.log(`  ${name}${db ? ` (${db})` : ""}: not measured: ${reason}`);
  return reportBenchRow({ bench, name, db, figure: null, unit: "", note: reason });
}

/** The row of a protocol line; null for any other line. Throws on a protocol line that is not a row. */
export function parseBenchLine(line: string): BenchRow | null {
  if (!line.startsWith(BENCH_RESULT_PREFIX)) return null;
  const row = JSON.parse(line.slice(BENCH_RESULT_PREFIX.length)) as Partial<BenchRow>;
  const valid =
    typeof row.bench === "string" &&
    typeof row.name === "string" &&
    (row.db === "postgres" || row.db === "pglite" || row.db === null) &&
    (typeof row.figure === "number" || row.figure === null) &&
    typeof row.unit === "string" &&
    (typeof row.budget === "string" || row.budget === null) &&
    (typeof row.pass === "boolean" || row.pass === null);
  if (!valid) throw new Error(`not a bench row: ${line}`);
  return row as BenchRow;
}

/** What one bench left: its rows and how its process ended. */
export interface BenchOutcome {
  bench: string;
  rows: BenchRow[];
  exitCode: number | null;
  signal: string | null;
}

/**
 * Every bench's rows, plus a failing row for a bench that crashed: it ended with an error
 * without reporting a failing figure (a failing figure is why a bench exits non-zero), was
 * killed, or reported nothing at all.
 */
export function collectRows(outcomes: BenchOutcome[]): BenchRow[] {
  return outcomes.flatMap(({ bench, rows, exitCode, signal }) => {
    const crash = (note: string): BenchRow => ({
      bench,
      name: "the bench ran to its end",
      db: null,
      figure: null,
      unit: "",
      budget: "no crash",
      pass: false,
      note,
    });
    if (signal) return [...rows, crash(`killed by ${signal}`)];
    if (exitCode !== 0 && !rows.some((row) => row.pass === false))
      return [...rows, crash(`exited with code ${exitCode} (see its output above)`)];
    if (rows.length === 0) return [crash("reported no BENCH-RESULT rows")];
    return rows;
  });
}

const verdict = (row: BenchRow) =>
  row.pass === true ? "PASS" : row.pass === false ? "FAIL" : row.figure === null ? "skipped" : "—";

const shownFigure = (row: BenchRow) => (row.figure === null ? "—" : `${shownNumber(row.figure)} ${row.unit}`.trim());

/** "≤ 50 ms"; a budget in words ("auth-free") without the unit. */
const shownBudget = (row: BenchRow) =>
  row.budget === null ? "—" : /^[≤≥<>=]?\s*[\d.,]+$/.test(row.budget) ? `${row.budget} ${row.unit}`.trim() : row.budget;

const HEADER = ["Bench", "Figure", "Database", "Measured", "Budget", "Result", "Note"];

function cells(row: BenchRow) {
  return [row.bench, row.name, row.db ?? "—", shownFigure(row), shownBudget(row), verdict(row), row.note ?? ""];
}

/** "12 pass, 1 fail, 4 without a budget, 2 skipped". */
export function countLine(rows: BenchRow[]) {
  const count = (v: string) => rows.filter((row) => verdict(row) === v).length;
  return `${count("PASS")} pass, ${count("FAIL")} fail, ${count("—")} without a budget, ${count("skipped")} skipped`;
}

/** The table for a terminal: columns padded, figures right-aligned. */
export function formatTable(rows: BenchRow[]): string {
  const table = [HEADER, ...rows.map(cells)];
  const widths = HEADER.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => (i === 3 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [
    line(table[0]!),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...table.slice(1).map(line),
    "",
    countLine(rows),
  ].join("\n");
}

/** The same table in Markdown, for an issue's note. */
export function formatMarkdown(rows: BenchRow[]): string {
  const escape = (cell: string) => cell.replace(/\|/g, "\\|");
  const line = (row: string[]) => `| ${row.map(escape).join(" | ")} |`;
  return [
    line(HEADER),
    line(HEADER.map(() => "---")),
    ...rows.map((row) => line(cells(row))),
    "",
    countLine(rows),
  ].join("\n");
}
