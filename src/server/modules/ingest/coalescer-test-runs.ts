import { createServiceContext } from "../../context/service-context";
import { createIngestCoalescer } from "./ingest-coalescer";
import type { IngestReport, IngestResult } from "./ingest.service";
import type { Database } from "../../db/client";
import type { TestRuntime } from "../../test/test-runtime";

/** Runs as the coalescer tests report them: started a minute ago, finished now when final. */

/** Groups are counted: a slow machine must not open a second lane beside them. */
export const PATIENT = 600_000;
export const startedAt = new Date(Date.now() - 60_000).toISOString();
export const finishedAt = new Date().toISOString();

export const run = (externalRunId: string, status: "running" | "success" | "failed", extra = {}) => ({
  externalRunId,
  status,
  startedAt,
  itemsProcessed: 1,
  ...extra,
});

/**
 * A coalescer whose groups run on `db` (a test's wrapped database), each report brought by a
 * request context on it, as the run reporting endpoints give theirs (waking the runtime's mailer).
 */
export function coalescerOn(
  t: TestRuntime,
  db: Database,
  options: Parameters<typeof createIngestCoalescer>[0] = {},
): (report: IngestReport) => Promise<IngestResult> {
  const ingest = createIngestCoalescer(options);
  const context = createServiceContext({ db, app: t.context().app, wakeMail: () => t.mailer.nudge(), actor: null });
  return (report) => ingest(context, report);
}
