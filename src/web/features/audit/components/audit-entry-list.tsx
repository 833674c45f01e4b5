import { Link } from "react-router";
import { screenPath } from "../../../../shared/routes";
import { formatDateTime, relativeTime } from "../../../lib/format";
import { auditChanges } from "./audit-changes";
import type { TAuditEntry } from "../../../../shared/audit";

/** Each field the change touched, in words: its value before, and after. */
function Changes({ entry }: { entry: TAuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) return null;
  return (
    <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-md bg-muted/60 px-3 py-2 text-sm">
      {changes.map((change) => (
        <div key={change.field} className="contents">
          <dt className="text-muted-foreground">{change.field}</dt>
          <dd className="break-words">
            {change.before !== null && change.after !== null ? (
              <>
                {change.before}
                <span aria-hidden> → </span>
                <span className="sr-only"> changed to </span>
                <span className="font-medium">{change.after}</span>
              </>
            ) : (
              (change.after ?? change.before)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Entries of the audit log: what was done, by whom, when, from which address and (across
 * companies) for which client, with the values before and after unless `compact`.
 */
export function AuditEntryList({
  entries,
  label,
  showCompany,
  compact = false,
}: {
  entries: TAuditEntry[];
  label: string;
  showCompany: boolean;
  compact?: boolean;
}) {
  return (
    <ol className="divide-y rounded-xl border bg-card" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.id} className="p-4">
          <p className="font-medium break-words">{entry.summary}</p>
          <p className="mt-1 text-sm break-words text-muted-foreground">
            By {entry.actorEmail ?? "an account that no longer exists"} ·{" "}
            <time dateTime={entry.createdAt} title={relativeTime(entry.createdAt)}>
              {formatDateTime(entry.createdAt)}
            </time>{" "}
            · from {entry.actorIp ?? "an unknown address"}
            {showCompany && entry.companyId ? (
              <>
                {" · "}
                {entry.companyName ? (
                  <Link
                    to={screenPath("/clients/:id", { id: entry.companyId })}
                    className="font-medium text-primary hover:underline"
                  >
                    {entry.companyName}
                  </Link>
                ) : (
                  "a company since deleted"
                )}
              </>
            ) : null}
          </p>
          {compact ? null : <Changes entry={entry} />}
        </li>
      ))}
    </ol>
  );
}
