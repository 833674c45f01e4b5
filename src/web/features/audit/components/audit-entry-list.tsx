import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { formatDateTime } from "../../../lib/format";
import type { TAuditEntry } from "../../../../shared/audit";

const shown = (value: unknown) =>
  value === null || value === undefined || value === ""
    ? "—"
    : typeof value === "string"
      ? value
      : JSON.stringify(value);

/** Each field the change touched: its value before, and after. */
function Changes({ before, after }: Pick<TAuditEntry, "before" | "after">) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (keys.length === 0) return null;
  return (
    <dl className="mt-2 grid gap-1 text-xs">
      {keys.map((key) => (
        <div key={key} className="flex flex-wrap items-baseline gap-x-2">
          <dt className="font-medium text-muted-foreground">{key}</dt>
          <dd className="flex min-w-0 flex-wrap items-baseline gap-x-1.5 break-words">
            {before ? <span className="line-through decoration-muted-foreground/60">{shown(before[key])}</span> : null}
            {before && after ? (
              <>
                <ArrowRight className="size-3 self-center text-muted-foreground" aria-hidden />
                <span className="sr-only">changed to</span>
              </>
            ) : null}
            {after ? <span>{shown(after[key])}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Entries of the audit log: when, who, from where, about which company, what changed. */
export function AuditEntryList({ entries }: { entries: TAuditEntry[] }) {
  return (
    <ol className="divide-y rounded-xl border bg-card" aria-label="Audit log entries">
      {entries.map((entry) => (
        <li key={entry.id} className="px-4 py-3 sm:px-5">
          <p className="text-sm font-medium break-words">{entry.summary}</p>
          <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            <span>by {entry.actorEmail ?? "an account since deleted"}</span>
            <span>from {entry.actorIp ?? "an unknown address"}</span>
            {entry.companyId ? (
              entry.companyName ? (
                <Link to={`/clients/${entry.companyId}`} className="font-medium text-primary hover:underline">
                  {entry.companyName}
                </Link>
              ) : (
                <span>a company since deleted</span>
              )
            ) : null}
          </p>
          <Changes before={entry.before} after={entry.after} />
        </li>
      ))}
    </ol>
  );
}
