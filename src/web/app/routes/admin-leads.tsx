import { useSearchParams } from "react-router";
import { LEAD_STATUSES, type LeadStatus } from "../../../shared/leads";
import { PageHeader } from "../../components/layout/page-header";
import { LeadFilters, LeadList } from "../../features/leads/components/lead-list";
import { oneOf, pageParam, withChanges } from "../../lib/search-params";

/** /admin/leads?status=&q=&page=: the contact leads inbox. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const filter = {
    status: oneOf<LeadStatus>(LEAD_STATUSES, params.get("status")),
    q: params.get("q") ?? undefined,
    page: pageParam(params),
  };
  const update = (changes: Record<string, string>) =>
    // A new filter replaces the address's step and starts at its first page; each page is a step.
    setParams((current) => withChanges(current, changes), { replace: !("page" in changes) });
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
