import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { StatusBadge } from "../../../components/ui/status-badge";
import { toApiError } from "../../../lib/api";
import { formatDateTime } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useCompanyAutomationChoices, useLinkWorkflow, useWorkflows } from "../api/workflows";
import type { TWorkflow } from "../../../../shared/connections";

type Mode = { workflowId: string; kind: "link" | "create" } | null;

/** A connection's workflows: name, active, tags, and the automation each is linked to or a way to link it. */
export function WorkflowList({ companyId, connectionId }: { companyId: string; connectionId: string }) {
  const workflows = useWorkflows(companyId, connectionId);
  const [mode, setMode] = useState<Mode>(null);
  if (workflows.isError) return <Alert tone="error">{toApiError(workflows.error).message}</Alert>;
  if (!workflows.data) return <p className="text-sm text-muted-foreground">Loading workflows…</p>;
  if (workflows.data.workflows.length === 0)
    return <p className="text-sm text-muted-foreground">This instance has no workflows yet.</p>;
  return (
    <ul className="flex flex-col divide-y rounded-md border" aria-label="Workflows">
      {workflows.data.workflows.map((workflow) => (
        <li key={workflow.id} className="flex flex-col gap-3 p-3">
          <WorkflowSummary workflow={workflow} />
          {workflow.link ? null : mode?.workflowId === workflow.id ? (
            <LinkForm
              companyId={companyId}
              connectionId={connectionId}
              workflow={workflow}
              kind={mode.kind}
              onClose={() => setMode(null)}
            />
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="outline" onClick={() => setMode({ workflowId: workflow.id, kind: "link" })}>
                Link {workflow.name}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setMode({ workflowId: workflow.id, kind: "create" })}>
                Create automation from {workflow.name}
              </Button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

function WorkflowSummary({ workflow }: { workflow: TWorkflow }) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-all">{workflow.name}</span>
        <StatusBadge tone={workflow.active ? "success" : "neutral"}>
          {workflow.active ? "Active" : "Inactive"}
        </StatusBadge>
        {workflow.tags.map((tag) => (
          <span key={tag} className="rounded border px-1.5 text-xs text-muted-foreground">
            {tag}
          </span>
        ))}
      </div>
      {workflow.link ? (
        <p className="text-sm text-muted-foreground">
          Linked to {workflow.link.automationName}
          {workflow.link.lastSyncedAt
            ? ` · last synced ${formatDateTime(workflow.link.lastSyncedAt)}`
            : " · not synced yet"}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">Not linked: its executions are not read.</p>
      )}
    </div>
  );
}

interface LinkFormProps {
  companyId: string;
  connectionId: string;
  workflow: TWorkflow;
  kind: "link" | "create";
  onClose: () => void;
}

/** Link to an existing automation (chosen in a select) or create one with the workflow's name and trigger. */
function LinkForm({ companyId, connectionId, workflow, kind, onClose }: LinkFormProps) {
  const link = useLinkWorkflow(companyId, connectionId);
  const automations = useCompanyAutomationChoices(companyId);
  const [automationId, setAutomationId] = useState("");
  const [name, setName] = useState(workflow.name);
  const [trigger, setTrigger] = useState(`n8n workflow ${workflow.name} (id ${workflow.id})`);
  const labelId = useId();
  const choices = automations.data?.automations.filter((a) => a.status !== "retired") ?? [];

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body =
      kind === "link"
        ? { workflowId: workflow.id, automationId }
        : {
            workflowId: workflow.id,
            newAutomation: {
              name,
              purpose: `Runs the n8n workflow ${workflow.name}.`,
              platform: "n8n" as const,
              triggerDescription: trigger,
              minutesSavedPerRun: 0,
            },
          };
    link.mutate(body, {
      onSuccess: () => {
        toast.success(`${workflow.name} is linked; its last 30 days of executions are read.`);
        onClose();
      },
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-labelledby={labelId}>
      <p id={labelId} className="text-sm font-medium">
        {kind === "link" ? `Link ${workflow.name} to an automation` : `Create an automation from ${workflow.name}`}
      </p>
      {kind === "link" ? (
        <FormField label="Automation">
          {(field) => (
            <NativeSelect {...field} value={automationId} onChange={(e) => setAutomationId(e.target.value)} required>
              <option value="">Choose an automation</option>
              {choices.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      ) : (
        <>
          <FormField label="Automation name">
            {(field) => <Input {...field} value={name} onChange={(e) => setName(e.target.value)} required />}
          </FormField>
          <FormField label="Trigger">
            {(field) => <Input {...field} value={trigger} onChange={(e) => setTrigger(e.target.value)} required />}
          </FormField>
        </>
      )}
      {link.isError ? <Alert tone="error">{toApiError(link.error).message}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={link.isPending || (kind === "link" && !automationId)}>
          {link.isPending ? "Linking…" : kind === "link" ? "Link workflow" : "Create and link"}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
