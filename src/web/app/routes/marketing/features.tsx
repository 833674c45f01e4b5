import {
  Activity,
  AlertTriangle,
  BarChart3,
  Bell,
  CreditCard,
  KeyRound,
  LifeBuoy,
  Lock,
  Map,
  ShieldCheck,
  Timer,
  Users,
} from "lucide-react";
import { CallToAction, MarketingPage, Section, type PageMeta } from "./marketing-page";

export const meta: PageMeta = {
  title: "Features · Cogwork",
  description:
    "What Cogwork does for you and what its client portal shows: run monitoring, time-saved reporting, plain-language failures, roadmap, billing, support and security.",
};

const SERVICE = [
  {
    title: "We build it",
    text: "On n8n, Make, Zapier or custom code. We choose by your systems, your volumes and what your team can keep using, not by habit.",
  },
  {
    title: "We run it",
    text: "Automations run on infrastructure we look after, or on yours. Credentials stay in the platform's vault, never in email or chat.",
  },
  {
    title: "We fix it",
    text: "A failed run alerts us first. We rerun or repair it, and tell you what happened in words a manager can read.",
  },
  {
    title: "We improve it",
    text: "Tools change their APIs, teams change their process. Changes to live automations are part of the plan, not a new project.",
  },
];

const PORTAL = [
  {
    icon: Activity,
    title: "Run monitoring",
    text: "Every run of every automation: when it started, how long it took, what it processed and whether it worked.",
  },
  {
    icon: Timer,
    title: "Time-saved reporting",
    text: "Hours and money saved per automation and per month, from counted runs and an assumption you can read and question.",
  },
  {
    icon: AlertTriangle,
    title: "Failures in plain language",
    text: "What broke, why, and what we did about it. No stack traces, no guessing whether someone noticed.",
  },
  {
    icon: Map,
    title: "Automation roadmap",
    text: "What is live, what is being built and what comes next, with the expected saving of each item.",
  },
  {
    icon: CreditCard,
    title: "Plan and invoices",
    text: "Your plan, its run allowance and how much of it you have used, and every invoice in one list.",
  },
  {
    icon: LifeBuoy,
    title: "Support tickets",
    text: "Ask for a change or report a problem; the answer and its history stay attached to the automation.",
  },
];

const SECURITY = [
  {
    icon: Lock,
    title: "Sessions on the server",
    text: "Sign-in sessions live on our server behind an HttpOnly, same-site cookie that scripts on the page cannot read.",
  },
  {
    icon: KeyRound,
    title: "Careful with passwords and links",
    text: "Passwords are stored only as slow salted hashes. Confirmation and reset links work once and expire.",
  },
  {
    icon: ShieldCheck,
    title: "Strict browser policy",
    text: "A content security policy allows scripts from our own origin only; no third-party trackers or fonts are loaded.",
  },
  {
    icon: Bell,
    title: "Rate limits",
    text: "Sign-in, password reset and contact forms are rate-limited per address to slow down guessing and spam.",
  },
  {
    icon: Users,
    title: "Roles and separation",
    text: "Clients see their own company's data only. Agency staff and client accounts have separate roles, checked on the server.",
  },
  {
    icon: BarChart3,
    title: "Least data",
    text: "We connect to your tools with the narrowest access each automation needs, and list those connections in your roadmap.",
  },
];

export function Page() {
  return (
    <MarketingPage
      eyebrow="Features"
      heading="The service, and the portal that makes it visible"
      lead="We do the building and the running. The portal keeps you in the picture without a status meeting: what ran, what broke, what it saved, and what it costs."
    >
      <Section
        id="service"
        title="The service"
        intro="One team is responsible for an automation from the first workshop to the thousandth run."
      >
        <ul className="grid gap-4 sm:grid-cols-2">
          {SERVICE.map((item) => (
            <li key={item.title} className="rounded-xl border bg-card p-6 shadow-xs">
              <h3 className="text-lg font-semibold">{item.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{item.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <div className="border-y bg-muted/50">
        <Section
          id="portal"
          title="The client portal"
          intro="Everyone on your team can sign in. It is the same data we work from, not a monthly slide deck."
        >
          <ul className="grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
            {PORTAL.map(({ icon: Icon, title, text }) => (
              <li key={title}>
                <Icon className="size-6 text-primary" aria-hidden />
                <h3 className="mt-3 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </Section>
      </div>

      <Section
        id="security"
        title="Security"
        intro="Automations touch invoices, customers and staff data. We treat the portal and the automations accordingly."
      >
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {SECURITY.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border bg-card p-6 shadow-xs">
              <Icon className="size-5 text-primary" aria-hidden />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <CallToAction />
    </MarketingPage>
  );
}
