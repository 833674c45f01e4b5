import { and, asc, eq } from "drizzle-orm";
import { RUN_STATUS_LABELS } from "../../../shared/automations";
import { addDays, dayOf } from "../../../shared/days";
import { automationRun } from "../../db/schema/automations";
import { BYTE_ORDER_MARK, csvLine } from "../../lib/csv";
import { keysetCompare, type KeysetPosition } from "../../lib/keyset-cursor";
import { automationInScope, runColumns, runDays } from "./list-runs.service";
import type { TExportRunsQuery } from "../../../shared/automations";
import type { ServiceContext } from "../../context/service-context";

const HEADER = [
  "Run id",
  "Result",
  "Started (UTC)",
  "Finished (UTC)",
  "Duration (s)",
  "Items processed",
  "Minutes saved",
  "Error",
  "Run link",
];

/** Rows read per query: what the export holds in memory at once, whatever the range. */
export const EXPORT_CHUNK_ROWS = 1000;

const seconds = (iso: Date) => iso.toISOString().replace(/\.\d{3}Z$/, "Z");

/**
 * An automation's runs started on the days from…to (both included, in its company's time zone;
 * the times themselves are written in UTC), oldest first, as a
 * CSV stream. The rows are read in chunks by keyset on (started_at, id), each chunk only when
 * the client has taken the previous one, so a year of a busy automation is never in memory.
 * The scope is checked before the first byte, so a refusal is a plain 404.
 */
export async function exportRunsCsv(
  ctx: ServiceContext,
  input: TExportRunsQuery & { id: string; chunkRows?: number; onError?: (error: unknown) => void },
) {
  const { id: automationId, ...query } = input;
  const options = input;
  const named = await automationInScope(ctx, automationId);
  const to = query.to ?? dayOf(ctx.now, named.timeZone);
  const from = query.from ?? addDays(to, -30);
  const chunkRows = options.chunkRows ?? EXPORT_CHUNK_ROWS;
  const r = automationRun;
  let last: KeysetPosition | undefined;
  let done = false;
  const encoder = new TextEncoder();

  const readChunk = async (controller: ReadableStreamDefaultController<Uint8Array>) => {
    const rows = await ctx.db
      .select(runColumns)
      .from(r)
      .where(
        and(
          eq(r.automationId, automationId),
          runDays(named.timeZone, from, to),
          last ? keysetCompare(r.startedAt, r.id, ">", last) : undefined,
        ),
      )
      .orderBy(asc(r.startedAt), asc(r.id))
      .limit(chunkRows);
    let text = "";
    for (const run of rows) {
      text += csvLine([
        run.externalId,
        RUN_STATUS_LABELS[run.status],
        seconds(run.startedAt),
        run.finishedAt ? seconds(run.finishedAt) : null,
        run.finishedAt ? Math.round((run.finishedAt.getTime() - run.startedAt.getTime()) / 1000) : null,
        run.itemsProcessed,
        run.minutesSaved,
        run.errorMessage,
        run.runUrl,
      ]);
    }
    if (text) controller.enqueue(encoder.encode(text));
    const tail = rows.at(-1);
    if (tail) last = { time: tail.time, id: tail.id };
    if (rows.length < chunkRows) {
      done = true;
      controller.close();
    }
  };

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(BYTE_ORDER_MARK + csvLine(HEADER)));
    },
    async pull(controller) {
      if (done) return;
      try {
        await readChunk(controller);
      } catch (thrown) {
        // Headers are gone: the download is cut (never ends like a whole file), the cause logged as ours.
        done = true;
        options.onError?.(thrown);
        controller.error(thrown);
      }
    },
  });
  const slug = named.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return { body, fileName: `${slug || "automation"}-runs-${from}-to-${to}.csv` };
}
