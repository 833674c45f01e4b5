import { Bot, Plus } from "lucide-react";
import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { EmptyState } from "../../../components/ui/empty-state";
import { toApiError } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useIssueIngestKey } from "../api/issue-ingest-key";
import { useCompanyAutomations } from "../api/list-company-automations";
import { usePauseAutomation } from "../api/pause-automation";
import { useResumeAutomation } from "../api/resume-automation";
import { useRetireAutomation } from "../api/retire-automation";
import { useRevokeIngestKey } from "../api/revoke-ingest-key";
import { AutomationFormDialog } from "./automation-form-dialog";
import { AutomationTable, type AutomationAction } from "./automation-table";
import { KeyRevealDialog } from "./key-reveal-dialog";
import type { TIssueIngestKeyResponse } from "../../../../shared/automations";
import type { StaffAutomation } from "../../../../shared/staff-automations";

type Open =
  | { kind: "create" }
  | { kind: "edit" | "retire" | "rotate" | "revoke"; automation: StaffAutomation }
  | { kind: "reveal"; automation: StaffAutomation; issued: TIssueIngestKeyResponse }
  | null;

interface CompanyAutomationsTabProps {
  companyId: string;
  companyName: string;
}

/** Staff manage one client's automations and their ingest keys: the "Automations" tab of a client. */
export function CompanyAutomationsTab({ companyId, companyName }: CompanyAutomationsTabProps) {
  const query = useCompanyAutomations(companyId);
  const pause = usePauseAutomation(companyId);
  const resume = useResumeAutomation(companyId);
  const issue = useIssueIngestKey(companyId);
  const [open, setOpen] = useState<Open>(null);
  const titleId = useId();
  const [busyId, setBusyId] = useState<string>();
  const close = () => setOpen(null);

  /** Runs an action that needs no confirmation, and says how it went. */
  const run = async (a: StaffAutomation, action: () => Promise<unknown>, done: string) => {
    setBusyId(a.id);
    try {
      await action();
      toast.success(done);
    } catch (error) {
      toast.error(toApiError(error).message);
    } finally {
      setBusyId(undefined);
    }
  };
  const issueKey = async (a: StaffAutomation) => {
    const issued = await issue.mutateAsync(a.id);
    setOpen({ kind: "reveal", automation: a, issued });
  };

  const onAction = (action: AutomationAction, a: StaffAutomation) => {
    if (action === "pause") void run(a, () => pause.mutateAsync(a.id), `${a.name} is paused.`);
    else if (action === "resume") void run(a, () => resume.mutateAsync(a.id), `${a.name} is live again.`);
    else if (action === "issue") {
      setBusyId(a.id);
      issueKey(a)
        .catch((error: unknown) => toast.error(toApiError(error).message))
        .finally(() => setBusyId(undefined));
    } else setOpen({ kind: action, automation: a });
  };

  const automations = query.data?.automations;
  return (
    <section className="flex flex-col gap-4" aria-labelledby={titleId}>
      <TabHeader titleId={titleId} companyName={companyName} onCreate={() => setOpen({ kind: "create" })} />
      {query.isError ? <Alert tone="error">{query.error.message}</Alert> : null}
      {query.isPending ? <p className="text-muted-foreground">Loading...</p> : null}
      {automations?.length === 0 ? (
        <EmptyState icon={<Bot />} title={`No automations for ${companyName} yet`}>
          Register the first one with New automation, then issue its ingest key: its runs show up here and on the
          client&apos;s own screens.
        </EmptyState>
      ) : null}
      {automations && automations.length > 0 ? (
        <AutomationTable companyName={companyName} automations={automations} onAction={onAction} busyId={busyId} />
      ) : null}

      {open?.kind === "create" || open?.kind === "edit" ? (
        <AutomationFormDialog
          companyId={companyId}
          companyName={companyName}
          automation={open.kind === "edit" ? open.automation : undefined}
          onClose={close}
        />
      ) : null}
      <ConfirmDialogs companyId={companyId} open={open} close={close} issueKey={issueKey} />
    </section>
  );
}

function TabHeader({ titleId, companyName, onCreate }: { titleId: string; companyName: string; onCreate: () => void }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <h2 id={titleId} className="text-lg font-semibold">
          Automations
        </h2>
        <p className="text-sm text-muted-foreground">
          What the agency runs for {companyName}, how each is doing, and the keys they report their runs with.
        </p>
      </div>
      <Button onClick={onCreate} className="self-start">
        <Plus aria-hidden /> New automation
      </Button>
    </div>
  );
}

/** Retire, rotate and revoke ask first; a new key is shown once. */
function ConfirmDialogs({
  companyId,
  open,
  close,
  issueKey,
}: {
  companyId: string;
  open: Open;
  close: () => void;
  issueKey: (a: StaffAutomation) => Promise<void>;
}) {
  const retire = useRetireAutomation(companyId);
  const revoke = useRevokeIngestKey(companyId);
  return (
    <>
      {open?.kind === "retire" ? (
        <ConfirmDialog
          title={`Retire ${open.automation.name}?`}
          confirmLabel={`Retire ${open.automation.name}`}
          onClose={close}
          onConfirm={async () => {
            await retire.mutateAsync(open.automation.id);
            toast.success(`${open.automation.name} is retired.`);
            close();
          }}
          alert
          destructive
          description={
            <>
              Its ingest key stops working and it can&apos;t be switched back on. Its runs and the time it saved stay in
              the client&apos;s history.
            </>
          }
        />
      ) : null}
      {open?.kind === "rotate" ? (
        <ConfirmDialog
          title={`Rotate the key for ${open.automation.name}?`}
          confirmLabel="Rotate key"
          onClose={close}
          onConfirm={() => issueKey(open.automation)}
          alert
          destructive
          description={
            <>
              A new key is issued and the current key ({open.automation.activeKey?.prefix}…) stops working at once: runs
              sent with it are refused until the automation uses the new key.
            </>
          }
        />
      ) : null}
      {open?.kind === "revoke" && open.automation.activeKey ? (
        <ConfirmDialog
          title={`Revoke the key for ${open.automation.name}?`}
          confirmLabel="Revoke key"
          onClose={close}
          onConfirm={async () => {
            await revoke.mutateAsync({ automationId: open.automation.id, keyId: open.automation.activeKey!.id });
            toast.success(`The key of ${open.automation.name} is revoked.`);
            close();
          }}
          alert
          destructive
          description={
            <>
              Runs sent with {open.automation.activeKey.prefix}… are refused from now on. {open.automation.name} has no
              working key until you issue a new one.
            </>
          }
        />
      ) : null}
      {open?.kind === "reveal" ? (
        <KeyRevealDialog automationName={open.automation.name} issued={open.issued} onClose={close} />
      ) : null}
    </>
  );
}
