import {
  Activity,
  ArrowRight,
  ClipboardCheck,
  FileText,
  Gauge,
  Inbox,
  LineChart,
  Receipt,
  RefreshCw,
  Route,
  Search,
  Timer,
  UserPlus,
  Wrench,
} from "lucide-react";
import { buttonClasses } from "../../../components/ui/button";
import { CallToAction, MarketingPage, Section, type PageMeta } from "./marketing-page";

export const meta: PageMeta = {
  title: "Cogwork · Business automations, built and run for you",
  description:
    "Cogwork builds and runs business automations on n8n, Make, Zapier and custom code: invoicing, lead routing, reporting, onboarding and support triage, with every run reported in a client portal.",
};

const AUTOMATIONS = [
  {
    icon: Receipt,
    title: "Invoicing",
    text: "Invoices drafted from signed quotes or tracked time, sent, matched against payments and chased politely when late.",
  },
  {
    icon: Route,
    title: "Lead routing",
    text: "Form and email enquiries enriched, deduplicated and assigned to the right salesperson in your CRM within a minute.",
  },
  {
    icon: LineChart,
    title: "Reporting",
    text: "The weekly numbers pulled from your tools into one report or dashboard, ready before Monday's meeting.",
  },
  {
    icon: UserPlus,
    title: "Client onboarding",
    text: "Accounts, folders, contracts and welcome emails set up the moment a deal is won, with nothing forgotten.",
  },
  {
    icon: Inbox,
    title: "Support triage",
    text: "Incoming tickets labelled, prioritised and routed; known questions answered with your own help articles.",
  },
  {
    icon: RefreshCw,
    title: "Data sync",
    text: "Customers, orders and stock kept the same across shop, CRM and accounting, with conflicts flagged to a person.",
  },
];

const STEPS = [
  {
    icon: Search,
    title: "Discover",
    text: "We sit with the people who do the work and map it: who copies what, from where, how often, and what goes wrong.",
  },
  {
    icon: ClipboardCheck,
    title: "Plan",
    text: "You get a roadmap of automations, each with the time it should save, its setup fee and its order of priority.",
  },
  {
    icon: Wrench,
    title: "Build",
    text: "We build on n8n, Make, Zapier or custom code, whichever fits your systems, and test on real samples of your data.",
  },
  {
    icon: Activity,
    title: "Run and monitor",
    text: "We watch every run, fix failures, and report in your portal what ran, what broke, and the time it saved.",
  },
];

const MEASURES = [
  {
    icon: Timer,
    title: "Time saved",
    text: "Each automation states its assumption, for example 6 minutes of manual work per invoice, agreed with you before we build. Runs that succeed are counted; time saved is runs × minutes. You can check and change the assumption.",
  },
  {
    icon: Gauge,
    title: "Reliability",
    text: "Every run is logged with its result. The success rate you see is successful runs divided by all runs in the period, failures included, never sampled.",
  },
  {
    icon: FileText,
    title: "Money saved",
    text: "Hours saved multiplied by the hourly cost of the staff time you give us. Your plan's price sits next to it, so the return is plain to read.",
  },
];

export function Page() {
  return (
    <MarketingPage
      eyebrow="Automation agency"
      heading="Automations that run your busywork, and a portal that shows what they save."
      lead="Cogwork designs, builds and runs the automations behind your operations: invoicing, lead routing, reporting, onboarding and support triage. You see every run, every failure we fixed and every hour saved."
      actions={
        <>
          <a href="/contact" className={buttonClasses("default", "lg")}>
            Talk to us about your processes <ArrowRight aria-hidden />
          </a>
          <a href="/pricing" className={buttonClasses("outline", "lg")}>
            See pricing
          </a>
        </>
      }
    >
      <WhatWeAutomate />

      <HowItWorks />

      <Outcomes />

      <CallToAction />
    </MarketingPage>
  );
}

function WhatWeAutomate() {
  return (
    <Section
      id="what"
      title="What we automate"
      intro="The work that follows the same steps every time, moves data between tools and still needs a person today. Usually in finance, sales, operations and support."
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {AUTOMATIONS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border bg-card p-6 shadow-xs">
            <Icon className="size-6 text-primary" aria-hidden />
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function HowItWorks() {
  return (
    <div className="border-y bg-muted/50">
      <Section
        id="how"
        title="How it works"
        intro="Four stages, the same for a single automation or a whole department."
      >
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="rounded-xl border bg-card p-6 shadow-xs">
              <div className="flex items-center gap-3">
                <span className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                  {index + 1}
                </span>
                <Icon className="size-5 text-muted-foreground" aria-hidden />
              </div>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}

function Outcomes() {
  return (
    <Section
      id="outcomes"
      title="Outcomes, measured in the open"
      intro="We do not quote other clients' results. We show you how your own figures are measured, and the portal shows them run by run."
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {MEASURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex flex-col gap-3">
            <Icon className="size-6 text-primary" aria-hidden />
            <h3 className="text-lg font-semibold">{title}</h3>
            <p className="text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-12 grid gap-6 rounded-xl border bg-card p-6 sm:grid-cols-3 sm:p-8">
        <div>
          <dt className="text-sm text-muted-foreground">Runs logged and shown to you</dt>
          <dd className="mt-1 text-3xl font-semibold tracking-tight">100%</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Answer to a new enquiry</dt>
          <dd className="mt-1 text-3xl font-semibold tracking-tight">2 business days</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Platforms we build on</dt>
          <dd className="mt-1 text-3xl font-semibold tracking-tight">n8n, Make, Zapier, code</dd>
        </div>
      </dl>
    </Section>
  );
}
