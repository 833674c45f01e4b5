import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { type RunRow } from "../../../../shared/automations";
import { ZReportProblemRequest, type TReportProblemRequest } from "../../../../shared/automations";
import { screenPath } from "../../../../shared/routes";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Textarea } from "../../../components/ui/textarea";
import { formatDateTime } from "../../../lib/format";
import { useReportProblem } from "../api/report-problem";

/** "Report a problem" with one run: a support ticket linked to the run, then a link to it. */
export function ReportProblemForm({
  automationId,
  run,
  onClose,
}: {
  automationId: string;
  run: RunRow;
  onClose: () => void;
}) {
  const mutation = useReportProblem(automationId);
  const form = useForm<TReportProblemRequest>({
    resolver: zodResolver(ZReportProblemRequest),
    defaultValues: { runId: run.id, message: "" },
  });
  const submit = form.handleSubmit((values) => mutation.mutate(values));
  if (mutation.isSuccess) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert tone="success">{mutation.data.message}</Alert>
        <div className="flex gap-2">
          <Link to={screenPath("/support/:id", { id: mutation.data.id })} className={buttonClasses("default", "sm")}>
            Open the ticket
          </Link>
          <Button variant="outline" size="sm" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3"
      aria-label={`Report a problem with the run of ${formatDateTime(run.startedAt)}`}
    >
      {mutation.isError ? <Alert tone="error">{mutation.error.message}</Alert> : null}
      <FormField
        label="What went wrong?"
        error={form.formState.errors.message?.message}
        hint="For example: an invoice is missing, or a customer got two emails."
      >
        {(field) => <Textarea {...field} {...form.register("message")} maxLength={2000} />}
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={mutation.isPending}>
          {mutation.isPending ? "Sending…" : "Send report"}
        </Button>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
