import { Link, useSearchParams } from "react-router";
import { ATTENTION_KINDS, type AttentionKind } from "../../../shared/admin";
import { PageHeader } from "../../components/layout/page-header";
import { AttentionTable } from "../../features/admin/components/attention-table";
import { cn } from "../../lib/cn";
import { pageParam } from "../../lib/search-params";

const TITLES: Record<AttentionKind, string> = { failing: "Failing automations", stale: "Stale automations" };
const DESCRIPTIONS: Record<AttentionKind, string> = {
  failing: "Live automations whose runs failed as many times in a row as their alert threshold, across clients.",
  stale: "Live automations that have not run within their schedule, across clients.",
};

/** /admin/automations?kind=failing|stale&page= */
export function Component() {
  const [params, setParams] = useSearchParams();
  const kind: AttentionKind = params.get("kind") === "stale" ? "stale" : "failing";
  const page = pageParam(params);
  return (
    <>
      <PageHeader title={TITLES[kind]} description={DESCRIPTIONS[kind]} />
      <nav aria-label="Which automations" className="mb-6 flex gap-2">
        {ATTENTION_KINDS.map((k) => (
          <Link
            key={k}
            to={`/admin/automations?kind=${k}`}
            aria-current={k === kind ? "page" : undefined}
            className={cn(
              "rounded-full border px-4 py-1.5 text-sm font-medium transition-colors",
              k === kind ? "border-primary bg-primary text-primary-foreground" : "bg-card hover:bg-accent",
            )}
          >
            {k === "failing" ? "Failing" : "Stale"}
          </Link>
        ))}
      </nav>
      <AttentionTable kind={kind} page={page} onPage={(next) => setParams({ kind, page: String(next) })} />
    </>
  );
}
