import type { RunStatus } from "../../../shared/automations-labels";

/** n8n's execution statuses as run statuses; waiting and running ones are final once they finish. */
const STATUS: Record<string, RunStatus> = {
  success: "success",
  error: "failed",
  crashed: "failed",
  canceled: "skipped",
  running: "running",
  waiting: "running",
  new: "running",
};

/** An execution status n8n may add later counts as failed, so it is seen rather than hidden. */
export const runStatusOf = (n8nStatus: string): RunStatus => STATUS[n8nStatus] ?? "failed";

/**
 * An instant from n8n (which writes its instance's zone offset, New York by default) in UTC. A
 * value without an offset is read as UTC; an unreadable one is null.
 */
export function utcInstant(value: unknown): Date | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const text = /(Z|[+-]\d\d:?\d\d)$/i.test(value.trim()) ? value.trim() : `${value.trim()}Z`;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}

const MAX_ERROR_LINE = 300;
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;

/**
 * The line a client reads about a failed execution: the failing node and the first line of its
 * message, with addresses and long tokens taken out (they can carry hosts, ids or secrets).
 */
export function clientSafeErrorLine(node: string | null, message: string | null): string {
  const firstLine = (message ?? "").split(/\r?\n/)[0]!.replace(CONTROL_CHARS, " ");
  const cleaned = firstLine
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, "[address]")
    .replace(/\b[\w-]{32,}\b/g, "[hidden]")
    .replace(/\s+/g, " ")
    .trim();
  const what = cleaned || "it stopped with an error";
  const line = node ? `The step “${node.trim()}” failed: ${what}` : `The workflow failed: ${what}`;
  return line.length > MAX_ERROR_LINE ? `${line.slice(0, MAX_ERROR_LINE - 1)}…` : line;
}

/** The cursor kept per linked workflow: the highest execution id seen, and ones still running then. */
export interface N8nCursor {
  after: number;
  open: string[];
}

export function readCursor(cursor: string | null): N8nCursor | null {
  if (!cursor) return null;
  try {
    const parsed = JSON.parse(cursor) as Partial<N8nCursor>;
    if (typeof parsed.after !== "number" || !Array.isArray(parsed.open)) return null;
    return { after: parsed.after, open: parsed.open.filter((id): id is string => typeof id === "string") };
  } catch {
    return null;
  }
}

export const writeCursor = (cursor: N8nCursor) => JSON.stringify(cursor);

/** n8n's execution ids are increasing integers (as strings). */
export const executionNumber = (id: string) => {
  const value = Number(id);
  return Number.isSafeInteger(value) ? value : -1;
};
