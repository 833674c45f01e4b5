import { Plus } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { formatMoney } from "../../../shared/price-format";
import { PageHeader } from "../../components/layout/page-header";
import { ReadOnlyNote, useReadOnly } from "../../components/layout/read-only";
import { Button, buttonClasses } from "../../components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useMe } from "../../features/account/api/get-me";
import { usePlans } from "../../features/pricing/api/pricing-query";
import { NewTicketForm } from "../../features/support/components/new-ticket-form";
import { TicketList } from "../../features/support/components/ticket-list";

/** /support?mine=&page=: the company's help desk; staff work from the queue. */
export function Component() {
  const me = useMe();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // "Talk to us about a plan" on /billing arrives as ?request=plan (and &plan=<slug>): a billing ticket, prefilled.
  const planRequest = usePlanRequest(params.get("request") === "plan" ? (params.get("plan") ?? "") : null);
  const [opened, setCreating] = useState<boolean | null>(null);
  const creating = opened ?? planRequest !== null;
  const readOnly = useReadOnly();
  if (!me.data) return <p className="text-muted-foreground">Loading...</p>;
  if (me.data.user.role === "admin") {
    return (
      <>
        <PageHeader title="Support" description="Clients' tickets are handled in the staff queue." />
        <Link to="/admin/tickets" className={buttonClasses("default")}>
          Open the ticket queue
        </Link>
      </>
    );
  }
  const mine = params.get("mine") === "true";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const set = (next: Record<string, string>) => setParams(next);
  return (
    <>
      <PageHeader
        title="Support"
        description="Ask the agency for help: about a broken automation or a run, a change, billing or anything else."
        actions={
          creating || readOnly ? null : (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden /> New ticket
            </Button>
          )
        }
      />
      <ReadOnlyNote action="Opening a ticket" className="mb-6" />
      {creating && !readOnly ? (
        <div className="mb-8">
          <NewTicketForm
            key={planRequest ? "plan" : "blank"}
            initial={planRequest ?? undefined}
            selfId={me.data.user.id}
            onCreated={(id) => navigate(`/support/${id}`)}
            onCancel={() => setCreating(false)}
          />
        </div>
      ) : null}
      <Tabs value={mine ? "mine" : "all"} onValueChange={(value) => set(value === "mine" ? { mine: "true" } : {})}>
        <TabsList aria-label="Whose tickets" className="mb-4">
          <TabsTrigger value="all">All of my company</TabsTrigger>
          <TabsTrigger value="mine">Mine</TabsTrigger>
        </TabsList>
        {(["all", "mine"] as const).map((value) => (
          <TabsContent key={value} value={value}>
            <TicketList
              filter={{ mine: value === "mine", page }}
              onPage={(next) => set({ ...(mine ? { mine: "true" } : {}), page: String(next) })}
            />
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}

/**
 * The prefilled billing ticket of a plan request: the plan's name and price when one was chosen
 * (null when the address asks for none; the plans load first when it does).
 */
function usePlanRequest(slug: string | null) {
  const plans = usePlans();
  if (slug === null) return null;
  const plan = slug ? plans.data?.find((p) => p.slug === slug) : undefined;
  if (slug && !plan && plans.isPending) return null;
  return {
    category: "billing" as const,
    subject: plan ? `Plan: ${plan.name}` : "Choosing a plan",
    message: plan
      ? `We would like to talk about the ${plan.name} plan (${formatMoney(plan.monthlyPriceMinor, plan.currency)} a month) for our company.`
      : "We would like to talk about which plan suits our company.",
  };
}
