import { count, formatDateTime } from "../../../lib/format";

/** Names people read for the fields the audit log records. */
const LABELS: Record<string, string> = {
  name: "Name",
  status: "Status",
  hourlyValueMinor: "Hourly value",
  expiresAt: "Link expires",
  owner: "Owner",
  email: "Email",
  role: "Role",
  invited: "Invited",
  notes: "Notes",
  convertedCompanyId: "Client made",
  attempts: "Attempts",
  lastError: "Last error",
};

/** A whole ISO instant as the server writes one (`toISOString`, or with an offset); nothing more after it. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/;
const isInstant = (value: string) => ISO_TIME.test(value) && !Number.isNaN(Date.parse(value));

const labelOf = (key: string) =>
  LABELS[key] ?? key.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());

function valueOf(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (key.endsWith("Minor") && typeof value === "number") return (value / 100).toFixed(2);
  if (typeof value === "string") return isInstant(value) ? formatDateTime(value) : value;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return count(value);
  return JSON.stringify(value);
}

const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}

/**
 * An entry's values before and after, field by field, in words: one side is null when absent.
 * A field with the same value on both sides did not change, and is left out.
 */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const unchanged = (key: string) =>
    before !== null && after !== null && key in before && key in after && sameValue(before[key], after[key]);
  return keys
    .filter((key) => !unchanged(key))
    .map((key) => ({
      field: labelOf(key),
      before: before && key in before ? valueOf(key, before[key]) : null,
      after: after && key in after ? valueOf(key, after[key]) : null,
    }));
}
