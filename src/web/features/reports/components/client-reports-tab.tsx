import { Download } from "lucide-react";
import { useState, type FormEvent } from "react";
import { monthName } from "../../../../shared/reports-labels";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { Skeleton } from "../../../components/ui/skeleton";
import { Textarea } from "../../../components/ui/textarea";
import { toApiError } from "../../../lib/api";
import { formatDateTime } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { reportPdfUrl, useReport } from "../api/get-report";
import { useReports } from "../api/list-reports";
import { useSaveReportNote, useSendReportCopy } from "../api/report-actions";
import { ReportDocument } from "./report-document";
import type { TMonthlyReport } from "../../../../shared/reports";

/** Staff's Reports tab of a client: pick a month, write its note, send a copy, read it as the client does. */
export function ClientReportsTab({ companyId }: { companyId: string }) {
  const months = useReports(companyId);
  const [month, setMonth] = useState<string | null>(null);
  // The last whole month by default: the one mailed next, or already mailed.
  const chosen = month ?? months.data?.months.find((m) => m.complete)?.month ?? months.data?.months[0]?.month ?? null;
  const report = useReport(companyId, chosen);
  if (months.isPending) return <Skeleton className="h-48" />;
  if (months.isError) return <Alert tone="error">{toApiError(months.error).message}</Alert>;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <FormField label="Month" className="w-56">
          {(control) => (
            <NativeSelect {...control} value={chosen ?? ""} onChange={(e) => setMonth(e.target.value)}>
              {months.data.months.map((m) => (
                <option key={m.month} value={m.month}>
                  {monthName(m.month)}
                  {m.complete ? "" : " (so far)"}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        {chosen ? (
          <a href={reportPdfUrl(companyId, chosen)} download className={buttonClasses("outline", "default")}>
            <Download aria-hidden /> Download PDF
          </a>
        ) : null}
      </div>
      {report.isError ? <Alert tone="error">{toApiError(report.error).message}</Alert> : null}
      {report.data && chosen ? (
        <>
          <div className="grid gap-4 lg:grid-cols-2">
            <NoteCard key={chosen} companyId={companyId} report={report.data.report} />
            <SendCopyCard companyId={companyId} report={report.data.report} />
          </div>
          <ReportDocument report={report.data.report} />
        </>
      ) : report.isPending && chosen ? (
        <Skeleton className="h-96" />
      ) : null}
    </div>
  );
}

function NoteCard({ companyId, report }: { companyId: string; report: TMonthlyReport }) {
  const save = useSaveReportNote(companyId, report.month);
  const [body, setBody] = useState(report.note?.body ?? "");
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const failed = await save.mutateAsync(body).then(() => null, toApiError);
    setError(failed ? failed.message : null);
    if (!failed) toast.success(body.trim() ? "The note was saved." : "The note was removed.");
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>What we did this month</CardTitle>
        <CardDescription>
          {report.sentAt
            ? `This month's report was mailed ${formatDateTime(report.sentAt)}; a change shows on the page and in copies sent from now on.`
            : "A short note for the client, shown at the top of the report, its PDF and its mail."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-3" aria-label="Note for the month">
          <FormField
            label="Note"
            error={error ?? undefined}
            hint="Up to 2,000 characters; leave it empty to remove it."
          >
            {(control) => (
              <Textarea {...control} value={body} maxLength={2000} onChange={(e) => setBody(e.target.value)} />
            )}
          </FormField>
          <Button type="submit" className="self-start" disabled={save.isPending}>
            Save note
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function SendCopyCard({ companyId, report }: { companyId: string; report: TMonthlyReport }) {
  const send = useSendReportCopy(companyId, report.month);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await send.mutateAsync(email).then(
      (sent) => sent,
      (failure: unknown) => {
        setError(toApiError(failure).message);
        return null;
      },
    );
    if (!answer) return;
    setError(null);
    setEmail("");
    toast.success(`The report for ${monthName(report.month)} was sent to ${answer.sentTo}.`);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Send a copy</CardTitle>
        <CardDescription>Mail {monthName(report.month)}’s report with its PDF to one address.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label="Send the report by email">
          <FormField label="Email address" error={error ?? undefined}>
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            )}
          </FormField>
          <Button type="submit" className="self-start" disabled={send.isPending}>
            Send report
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
