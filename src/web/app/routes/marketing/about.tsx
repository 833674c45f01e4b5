import { CallToAction, MarketingPage, Section, type PageMeta } from "./marketing-page";

export const meta: PageMeta = {
  title: "About · Cogwork",
  description:
    "About Cogwork: an agency of automation engineers that builds, runs and reports on business automations, and how we work with clients from discovery to monitoring.",
};

const VALUES = [
  {
    title: "Measure, don't promise",
    text: "Every automation carries the saving it was built for, and the portal shows whether it delivers. If it does not, we say so and fix it or switch it off.",
  },
  {
    title: "Boring is a feature",
    text: "We prefer the simplest tool that will still work in three years. A clever workflow nobody can read is a liability, not an asset.",
  },
  {
    title: "Own the run",
    text: "Building is the easy half. We stay responsible for every run afterwards: alerts come to us, and we tell you what happened.",
  },
  {
    title: "Plain language",
    text: "Roadmaps, failure reports and invoices are written for the people who read them, not for engineers.",
  },
];

const PROCESS = [
  {
    title: "Discover",
    text: "A workshop of two to three hours with the people who do the work today. We write down each process step by step, with its volumes and its exceptions, and estimate the manual minutes it takes.",
  },
  {
    title: "Plan",
    text: "A written roadmap: the automations worth building, the time each should save, its setup fee and the order we suggest. Nothing is built before you agree to it.",
  },
  {
    title: "Build",
    text: "We build against copies or samples of your real data, show you the result running, and switch it on only when the people who did the work by hand are satisfied.",
  },
  {
    title: "Run and monitor",
    text: "Live automations report every run to your portal. Failures alert us; we repair, rerun and explain. Each quarter we review the roadmap with you.",
  },
];

export function Page() {
  return (
    <MarketingPage
      eyebrow="About"
      heading="An agency for the work nobody should do by hand"
      lead="Cogwork is a small team of automation engineers. We believe an automation is only finished when someone watches it run, so we build, run and report on everything we make."
    >
      <Section id="story" title="Why we exist">
        <div className="grid gap-8 text-muted-foreground lg:grid-cols-2">
          <p>
            Most companies already pay for tools that could talk to each other, and still have people copying figures
            between them. Automation platforms made the building easier, but someone still has to notice when a run
            fails at two in the morning, when a supplier changes its invoice format, or when an API is retired.
          </p>
          <p>
            That second half, running and looking after automations, is what tends to be missing. Cogwork was set up to
            do both halves under one monthly plan, and to make the result visible: which automations you have, how often
            they run, and the time they give back to your team.
          </p>
        </div>
      </Section>

      <div className="border-y bg-muted/50">
        <Section id="values" title="What we hold to">
          <ul className="grid gap-4 sm:grid-cols-2">
            {VALUES.map((value) => (
              <li key={value.title} className="rounded-xl border bg-card p-6 shadow-xs">
                <h3 className="text-lg font-semibold">{value.title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{value.text}</p>
              </li>
            ))}
          </ul>
        </Section>
      </div>

      <Section
        id="process"
        title="How we work with you"
        intro="The same four stages for every engagement, whether it starts with one automation or twenty."
      >
        <ol className="relative space-y-8 border-l-2 border-border pl-8">
          {PROCESS.map((step, index) => (
            <li key={step.title} className="relative">
              <span className="absolute -left-[2.85rem] flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                {index + 1}
              </span>
              <h3 className="text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 max-w-prose text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <CallToAction title="Work with us" />
    </MarketingPage>
  );
}
