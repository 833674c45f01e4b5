import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/layout/page-header";
import { SlaTargetsDialog } from "../../features/support/components/sla-targets-dialog";
import { StaffQueue } from "../../features/support/components/staff-queue";

const KEYS = ["status", "priority", "assigneeId", "companyId", "breached"] as const;

/** /admin/tickets?status=&priority=&assigneeId=&companyId=&breached=&page=: the support queue. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const filter = {
    ...Object.fromEntries(KEYS.map((key) => [key, params.get(key) ?? undefined])),
    page: Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1),
  };
  const update = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value && !(key === "page" && value === "1")) next.set(key, value);
          else next.delete(key);
        }
        if (!("page" in changes)) next.delete("page");
        return next;
      },
      { replace: !("page" in changes) },
    );
  return (
    <>
      <PageHeader
        title="Tickets"
        description="Every client's tickets, the nearest SLA deadline first. Open one to answer, add an internal note or assign it."
        actions={<SlaTargetsDialog />}
      />
      <StaffQueue filter={filter} update={update} />
    </>
  );
}
