import { useState } from "react";
import { CONNECTION_HEALTH_LABELS, type TConnection, type TReconcileResponse } from "../../../../shared/connections";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { StatusBadge, type StatusTone } from "../../../components/ui/status-badge";
import { toApiError } from "../../../lib/api";
import { formatDateTime } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useDeleteConnection, useReconcileConnection, useSyncConnection } from "../api/connections";
import { WorkflowList } from "./workflow-list";

const HEALTH_TONES: Record<TConnection["health"], StatusTone> = {
  ok: "success",
  unauthorized: "danger",
  unreachable: "danger",
};

/** One connection: its health and key, sync and reconcile now, its workflows, and removal. */
export function ConnectionCard({ companyId, connection }: { companyId: string; connection: TConnection }) {
  const remove = useDeleteConnection(companyId);
  const [confirming, setConfirming] = useState(false);
  const [report, setReport] = useState<TReconcileResponse | null>(null);
  const headingId = `connection-${connection.id}`;

  return (
    <article className="flex flex-col gap-4 rounded-lg border bg-card p-4" aria-labelledby={headingId}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="font-semibold">
              {connection.name}
            </h3>
            <StatusBadge tone={HEALTH_TONES[connection.health]}>
              {CONNECTION_HEALTH_LABELS[connection.health]}
            </StatusBadge>
          </div>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-muted-foreground">
            <dt>Address</dt>
            <dd className="break-all">{connection.baseUrl}</dd>
            <dt>API key</dt>
            <dd>…{connection.apiKeyLast4}</dd>
            <dt>Last synced</dt>
            <dd>{connection.lastSyncedAt ? formatDateTime(connection.lastSyncedAt) : "Never"}</dd>
          </dl>
          {connection.lastError ? (
            <p className="mt-2 text-sm">
              Last error{connection.failingSince ? ` (failing since ${formatDateTime(connection.failingSince)})` : ""}:{" "}
              {connection.lastError}
            </p>
          ) : null}
        </div>
        <ConnectionActions
          connection={connection}
          companyId={companyId}
          onReport={setReport}
          onRemove={() => setConfirming(true)}
        />
      </div>
      {report ? <Reconciliation report={report} /> : null}
      <section aria-label={`Workflows of ${connection.name}`} className="flex flex-col gap-2">
        <h4 className="text-sm font-semibold">Workflows</h4>
        <WorkflowList companyId={companyId} connectionId={connection.id} />
      </section>
      {confirming ? (
        <ConfirmDialog
          title={`Remove ${connection.name}?`}
          confirmLabel={`Remove ${connection.name}`}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            await remove.mutateAsync(connection.id);
            toast.success(`${connection.name} is removed.`);
            setConfirming(false);
          }}
          alert
          destructive
          description={
            <>
              Its API key is forgotten and its workflows are no longer read. The runs already read stay. To use a new
              key, remove the connection and connect again.
            </>
          }
        />
      ) : null}
    </article>
  );
}

interface ConnectionActionsProps {
  companyId: string;
  connection: TConnection;
  onReport: (report: TReconcileResponse) => void;
  onRemove: () => void;
}

/** Sync now, reconcile now, remove: each says which connection it acts on. */
function ConnectionActions({ companyId, connection, onReport, onRemove }: ConnectionActionsProps) {
  const sync = useSyncConnection(companyId);
  const reconcile = useReconcileConnection(companyId);
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="outline"
        disabled={sync.isPending}
        onClick={() =>
          sync.mutate(connection.id, {
            onSuccess: (summary) => toast.success(summary.message),
            onError: (error) => toast.error(toApiError(error).message),
          })
        }
      >
        {sync.isPending ? "Syncing…" : `Sync ${connection.name} now`}
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={reconcile.isPending}
        onClick={() =>
          reconcile.mutate(connection.id, {
            onSuccess: onReport,
            onError: (error) => toast.error(toApiError(error).message),
          })
        }
      >
        {reconcile.isPending ? "Reconciling…" : `Reconcile ${connection.name}`}
      </Button>
      <Button size="sm" variant="outline" onClick={onRemove}>
        Remove {connection.name}
      </Button>
    </div>
  );
}

/** Per linked automation, executions in n8n against runs in Cogwork over the last 24 hours and 30 days. */
function Reconciliation({ report }: { report: TReconcileResponse }) {
  if (report.automations.length === 0)
    return <Alert>No workflow of this connection is linked yet: there is nothing to reconcile.</Alert>;
  return (
    <section aria-label="Reconciliation" className="flex flex-col gap-3">
      <h4 className="text-sm font-semibold">Reconciliation</h4>
      {report.automations.map((row) => (
        <div key={row.automationId} className="rounded-md border p-3 text-sm">
          <p className="font-medium">
            {row.automationName} · workflow {row.workflowName}
          </p>
          <p className="mt-1">{row.summary}</p>
          <table className="mt-2 w-full text-left text-xs sm:text-sm">
            <caption className="sr-only">Executions and runs of {row.automationName}</caption>
            <thead>
              <tr className="text-muted-foreground">
                <th scope="col" className="font-medium">
                  Window
                </th>
                <th scope="col" className="font-medium">
                  In n8n
                </th>
                <th scope="col" className="font-medium">
                  In Cogwork
                </th>
                <th scope="col" className="font-medium">
                  Missing here
                </th>
                <th scope="col" className="font-medium">
                  Missing in n8n
                </th>
              </tr>
            </thead>
            <tbody>
              {row.windows.map((w) => (
                <tr key={w.days}>
                  <th scope="row" className="pr-2 font-normal whitespace-nowrap">
                    {w.days === 1 ? "24 hours" : `${w.days} days`}
                  </th>
                  <td>{w.executions}</td>
                  <td>{w.runs}</td>
                  <td>{w.missingInCogwork}</td>
                  <td>{w.missingInPlatform}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </section>
  );
}
