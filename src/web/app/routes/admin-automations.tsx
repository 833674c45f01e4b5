import { Link, useSearchParams } from "react-router";
import { ATTENTION_KINDS, type AttentionKind } from "../../../shared/admin";
import { PageHeader } from "../../components/layout/page-header";
import { AttentionTable } from "../../features/admin/components/attention-table";
import { AutomationList } from "../../features/automations/components/automation-list";
import { cn } from "../../lib/cn";
import { pageParam } from "../../lib/search-params";

type Kind = AttentionKind | "all";
const KINDS: Kind[] = ["all", ...ATTENTION_KINDS];
const LABELS: Record<Kind, string> = { all: "All", failing: "Failing", stale: "Stale" };
const TITLES: Record<Kind, string> = {
  all: "Client automations",
  failing: "Failing automations",
  stale: "Stale automations",
};
const DESCRIPTIONS: Record<Kind, string> = {
  all: "Every client company's automations, with their runs and the time they save.",
  failing: "Live automations whose runs failed as many times in a row as their alert threshold, across clients.",
  stale: "Live automations that have not run within their schedule, across clients.",
};

/** /admin/automations?kind=all|failing|stale: every client's automations (ADR 0023), or those needing attention. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const asked = params.get("kind");
  const kind: Kind = asked === "all" || asked === "stale" ? asked : "failing";
  const page = pageParam(params);
  return (
    <>
      <PageHeader title={TITLES[kind]} description={DESCRIPTIONS[kind]} />
      <nav aria-label="Which automations" className="mb-6 flex gap-2">
        {KINDS.map((k) => (
          <Link
            key={k}
            to={`/admin/automations?kind=${k}`}
            aria-current={k === kind ? "page" : undefined}
            className={cn(
              "rounded-full border px-4 py-1.5 text-sm font-medium transition-colors",
              k === kind ? "border-primary bg-primary text-primary-foreground" : "bg-card hover:bg-accent",
            )}
          >
            {LABELS[k]}
          </Link>
        ))}
      </nav>
      {kind === "all" ? (
        <AutomationList showCompany />
      ) : (
        <AttentionTable kind={kind} page={page} onPage={(next) => setParams({ kind, page: String(next) })} />
      )}
    </>
  );
}
