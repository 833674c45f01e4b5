import { MarketingPage } from "./marketing-page";

const FEATURES = [
  { title: "Run monitoring", text: "Every run of every automation is reported to your portal: when it ran, what it processed, and whether it worked." },
  { title: "Time-saved reporting", text: "Each automation states its assumption, minutes saved per run, so the hours and money saved are figures you can check." },
  { title: "Failures in plain language", text: "When something breaks you see what happened in words, not stack traces, and we are already on it." },
  { title: "Security first", text: "Sessions kept on the server in HttpOnly cookies, single-use email links, rate limits and a strict content policy." },
];

export function Component() {
  return (
    <MarketingPage
      title="Features · Cogwork"
      heading="The service, and the portal that makes it visible"
      lead="We do the building and the running. The portal keeps you in the picture without a status meeting."
      description="Run monitoring, time-saved reporting, plain-language failures and a secure client portal for the automations Cogwork runs for you."
    >
      <ul className="mt-12 grid gap-6 sm:grid-cols-2">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="rounded-xl border bg-card p-6">
            <h2 className="text-lg font-semibold">{feature.title}</h2>
            <p className="mt-2 text-sm text-muted-foreground">{feature.text}</p>
          </li>
        ))}
      </ul>
    </MarketingPage>
  );
}
