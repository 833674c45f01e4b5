import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { MarketingPage } from "./marketing-page";

const STEPS = [
  { title: "Discover", text: "We map the repetitive work in your team: who copies what, from where, how often." },
  { title: "Plan", text: "You get a roadmap of automations, each with the hours it should save and a fixed setup fee." },
  { title: "Build", text: "We build on n8n, Make, Zapier or custom code, whichever fits your systems best." },
  { title: "Run and monitor", text: "We watch every run, fix failures, and report the time saved in your portal." },
];

export function Component() {
  return (
    <MarketingPage
      title="Cogwork · Business automations, built and run for you"
      heading="Automations that run your busywork, and a portal that shows what they save."
      lead="Cogwork designs, builds and runs the automations behind your operations: invoices, lead routing, reporting, onboarding. You see every run, every failure we fixed and every hour saved."
      description="Cogwork builds and runs business automations on n8n, Make, Zapier and custom code, and reports the time they save in a client portal."
    >
      <div className="mt-10 flex flex-wrap gap-3">
        <Link to="/contact" className={buttonClasses("default", "lg")}>
          Talk to us about your processes
        </Link>
        <Link to="/pricing" className={buttonClasses("outline", "lg")}>
          See pricing
        </Link>
      </div>
      <section aria-labelledby="how" className="mt-24">
        <h2 id="how" className="text-2xl font-semibold tracking-tight">
          How it works
        </h2>
        <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-xl border bg-card p-6">
              <p className="text-sm font-semibold text-primary">Step {index + 1}</p>
              <h3 className="mt-2 text-lg font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </MarketingPage>
  );
}
