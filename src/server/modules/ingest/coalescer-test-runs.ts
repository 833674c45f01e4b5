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
