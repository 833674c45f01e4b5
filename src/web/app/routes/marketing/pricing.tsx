import { ChevronDown } from "lucide-react";
import { monthsFreeYearly } from "../../../../shared/price-format";
import { Alert } from "../../../components/ui/alert";
import { buttonClasses } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { useCurrentPlans } from "../../../features/pricing/api/list-plans";
import { BILLING_PERIOD_SCOPE, BillingPeriodSwitch } from "../../../features/pricing/components/billing-period-switch";
import { PlanCards } from "../../../features/pricing/components/plan-cards";
import { PlanComparison } from "../../../features/pricing/components/plan-comparison";
import { CallToAction, MarketingPage, Section, type MarketingData, type PageMeta } from "./marketing-page";

export const meta: PageMeta = {
  title: "Pricing · Cogwork",
  description:
    "Cogwork's monthly and yearly plans for building, running and monitoring your business automations: what each includes, a side-by-side comparison and answers to common questions.",
};

const FAQ = [
  {
    q: "What does the monthly plan pay for?",
    a: "Running, monitoring and looking after your live automations: hosting where we host, alerts, repairs, reruns, changes to live automations, reporting in the portal and support at your plan's level.",
  },
  {
    q: "Is building an automation included?",
    a: "Each automation has a one-off setup fee, agreed in your roadmap before we build it, so you know the full cost of an automation before it exists. The plan sets how many automations we run for you at once.",
  },
  {
    q: "What counts as a run?",
    a: "One start of an automation, whatever it processes: one invoice sent, one lead routed, one nightly report. Runs are counted in your portal as they happen.",
  },
  {
    q: "What happens if we go over the run allowance?",
    a: "Nothing stops. We tell you when you pass 80% of the allowance, and if you stay above it for two months in a row we suggest the plan that fits; we never charge overage without asking first.",
  },
  {
    q: "Whose platform accounts are used?",
    a: "Yours where you already pay for n8n, Make or Zapier, so the automations stay yours if you leave. Otherwise we run them on our own accounts and hand them over on request.",
  },
  {
    q: "Can we change plans or cancel?",
    a: "Monthly plans change or end at the end of any month. Yearly plans are paid in advance for twelve months at a lower price and can move up a plan at any time.",
  },
];

function PlansSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-3" role="status" aria-label="Loading plans">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-[36rem] rounded-xl" />
      ))}
    </div>
  );
}

export function Page({ data }: { data: MarketingData }) {
  const { plans, status } = useCurrentPlans(data.plans);
  const free = plans.length ? Math.min(...plans.map(monthsFreeYearly)) : 0;

  return (
    <MarketingPage
      eyebrow="Pricing"
      heading="Plans for running your automations"
      lead="A monthly plan covers running, monitoring, fixing and changing what we build for you. Each automation's setup fee is agreed in your roadmap before we start."
    >
      <section
        aria-labelledby="plans"
        className={`${BILLING_PERIOD_SCOPE} mx-auto max-w-content px-4 py-section sm:px-6`}
      >
        <h2 id="plans" className="sr-only">
          Plans
        </h2>
        <div className="mb-10">
          <BillingPeriodSwitch yearlyNote={free > 0 ? `Yearly: ${free} months free` : undefined} />
        </div>
        {plans.length === 0 && status === "built" ? (
          <PlansSkeleton />
        ) : plans.length === 0 && status === "failed" ? (
          <Alert tone="error">
            We could not load the plans just now. Please reload the page, or <a href="/contact">ask us for prices</a>.
          </Alert>
        ) : plans.length === 0 ? (
          <Alert>
            No plan is on sale right now. <a href="/contact">Ask us for prices</a> and we will answer within two
            business days.
          </Alert>
        ) : (
          <PlanCards
            plans={plans}
            action={(plan) => (
              <a
                href="/contact"
                className={buttonClasses("outline", "lg", "w-full")}
                aria-label={`Talk to us about the ${plan.name} plan`}
              >
                Talk to us
              </a>
            )}
          />
        )}
      </section>

      {plans.length ? (
        <div className="border-y bg-muted/50">
          <Section id="compare" title="Compare the plans">
            <PlanComparison plans={plans} />
          </Section>
        </div>
      ) : null}

      <Section id="faq" title="Questions we are often asked">
        <div className="max-w-3xl divide-y rounded-xl border bg-card">
          {FAQ.map((item) => (
            <details key={item.q} className="group px-5 py-1 [&_summary::-webkit-details-marker]:hidden">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-medium">
                <h3>{item.q}</h3>
                <ChevronDown
                  className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                  aria-hidden
                />
              </summary>
              <p className="pb-5 text-sm text-muted-foreground">{item.a}</p>
            </details>
          ))}
        </div>
      </Section>

      <CallToAction
        title="Not sure which plan fits?"
        text="Tell us which processes you have in mind. We will suggest the smallest plan that covers them, and say so if none is worth it yet."
      />
    </MarketingPage>
  );
}
