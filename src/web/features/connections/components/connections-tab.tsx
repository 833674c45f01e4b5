import { Plug, Plus } from "lucide-react";
import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { EmptyState } from "../../../components/ui/empty-state";
import { toApiError } from "../../../lib/api";
import { useConnections } from "../api/connections";
import { ConnectForm } from "./connect-form";
import { ConnectionCard } from "./connection-card";

/** Staff connect a client's n8n instance, link its workflows to automations and reconcile: the "Connections" tab. */
export function ConnectionsTab({ companyId, companyName }: { companyId: string; companyName: string }) {
  const query = useConnections(companyId);
  const [connecting, setConnecting] = useState(false);
  const titleId = useId();
  const connections = query.data?.connections;
  return (
    <section className="flex flex-col gap-4" aria-labelledby={titleId}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            Connections
          </h2>
          <p className="text-sm text-muted-foreground">
            The n8n instances that run {companyName}&apos;s automations: Cogwork reads every execution of a linked
            workflow as a run.
          </p>
        </div>
        {connecting ? null : (
          <Button onClick={() => setConnecting(true)} className="self-start">
            <Plus aria-hidden /> Connect n8n
          </Button>
        )}
      </div>
      {connecting ? (
        <div className="rounded-lg border bg-card p-4">
          <h3 className="mb-3 font-semibold">Connect n8n</h3>
          <ConnectForm companyId={companyId} onDone={() => setConnecting(false)} />
        </div>
      ) : null}
      {query.isError ? <Alert tone="error">{toApiError(query.error).message}</Alert> : null}
      {query.isPending ? <p className="text-muted-foreground">Loading...</p> : null}
      {connections?.length === 0 && !connecting ? (
        <EmptyState icon={<Plug />} title={`No connections for ${companyName} yet`}>
          Connect the n8n instance that runs their workflows, then link each workflow to an automation.
        </EmptyState>
      ) : null}
      {connections?.map((connection) => (
        <ConnectionCard key={connection.id} companyId={companyId} connection={connection} />
      ))}
    </section>
  );
}
