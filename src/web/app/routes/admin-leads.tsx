import { useSearchParams } from "react-router";
import { LEAD_STATUSES, type LeadStatus } from "../../../shared/leads";
import { PageHeader } from "../../components/layout/page-header";
import { LeadFilters, LeadList } from "../../features/leads/components/lead-list";

/** /admin/leads?status=&q=&page=: the contact leads inbox. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get("status") ?? "";
  const status = (LEAD_STATUSES as readonly string[]).includes(statusParam) ? (statusParam as LeadStatus) : undefined;
  const filter = {
    status,
    q: params.get("q") ?? undefined,
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
        // A new filter starts at its first page.
        if (!("page" in changes)) next.delete("page");
        return next;
      },
      { replace: !("page" in changes) },
    );
  return (
    <>
      <PageHeader
        title="Leads"
        description="Messages sent through the contact form: answer them, note what was agreed and turn them into clients."
      />
      <div className="flex flex-col gap-5">
        <LeadFilters filter={filter} update={update} />
        <LeadList filter={filter} onPage={(page) => update({ page: String(page) })} />
      </div>
    </>
  );
}
