import { MarketingPage } from "./marketing-page";

export function Component() {
  return (
    <MarketingPage
      title="About · Cogwork"
      heading="An agency for the work nobody should do by hand"
      lead="Cogwork is a small team of automation engineers. We believe an automation is only finished when someone watches it run, so we build, run and report on everything we make."
      description="About Cogwork: an automation agency that builds, runs and reports on business automations for its clients."
    />
  );
}
