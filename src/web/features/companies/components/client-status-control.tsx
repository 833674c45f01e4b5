import { useId, useState } from "react";
import { toast } from "sonner";
import { COMPANY_STATUS_LABELS, type CompanyStatus } from "../../../../shared/clients";
import { COMPANY_STATUSES } from "../../../../shared/companies";
import { CompanyStatusBadge } from "../../../components/status/company-status-badge";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../../components/ui/dialog";
import { NativeSelect } from "../../../components/ui/native-select";
import { toApiError } from "../../../lib/api";
import { useUpdateClientCompany } from "../api/update-client-company";

/** What a status means for the agency, said in the dialog before it is chosen. */
const MEANING: Record<CompanyStatus, string> = {
  trial: "trying the service before paying for a plan",
  active: "a current, paying client",
  paused: "a client whose work is on hold for now",
  churned: "a former client who has left",
};

/** The company's status, and the control that changes it after saying what will change. */
export function ClientStatusControl({ company }: { company: { id: string; name: string; status: CompanyStatus } }) {
  const [open, setOpen] = useState(false);
  const [next, setNext] = useState<CompanyStatus>(company.status);
  const update = useUpdateClientCompany(company.id);
  const selectId = useId();
  const changed = next !== company.status;

  const confirm = () =>
    update.mutate(
      { status: next },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(`${company.name} is now ${COMPANY_STATUS_LABELS[next].toLowerCase()}.`);
        },
      },
    );

  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-muted-foreground">Status</span>
      <CompanyStatusBadge status={company.status} />
      <Dialog
        open={open}
        onOpenChange={(isOpen) => {
          setOpen(isOpen);
          setNext(company.status);
          update.reset();
        }}
      >
        <DialogTrigger asChild>
          <Button variant="outline" size="sm">
            Change status
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Change the status of {company.name}</DialogTitle>
            <DialogDescription>
              It is {COMPANY_STATUS_LABELS[company.status].toLowerCase()} now: {MEANING[company.status]}.
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={selectId} className="text-sm font-medium">
              New status
            </label>
            <NativeSelect id={selectId} value={next} onChange={(e) => setNext(e.target.value as CompanyStatus)}>
              {COMPANY_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {COMPANY_STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <p className="text-sm" aria-live="polite">
            {changed
              ? `${company.name} changes from ${COMPANY_STATUS_LABELS[company.status].toLowerCase()} to ${COMPANY_STATUS_LABELS[next].toLowerCase()}: ${MEANING[next]}. The change is recorded in its activity.`
              : "Choose the new status."}
          </p>
          {update.isError ? <Alert tone="error">{toApiError(update.error).message}</Alert> : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep as is</Button>
            </DialogClose>
            <Button disabled={!changed || update.isPending} onClick={confirm}>
              {update.isPending ? "Changing…" : changed ? `Change to ${COMPANY_STATUS_LABELS[next]}` : "Change status"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
