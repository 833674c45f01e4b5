import { ArrowRight } from "lucide-react";
import { buttonClasses } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import type { PlanView } from "../../../../shared/pricing";
import type { ReactNode } from "react";

/** A marketing page's <title> and meta description, written into its prerendered HTML. */
export interface PageMeta {
  title: string;
  description: string;
}

/**
 * What a marketing page is rendered with: the plans the prerender read from the database, and
 * whether the visitor is signed in (each page is prerendered both ways; the server picks).
 * It travels in the HTML as JSON, so that hydration renders the same.
 */
export interface MarketingData {
  plans: PlanView[];
  signedIn: boolean;
}

/** A marketing page module: its meta and its component, prerendered and then hydrated. */
export interface MarketingPageModule {
  meta: PageMeta;
  Page: (props: { data: MarketingData }) => ReactNode;
}

/** A marketing page's frame: a heading and a lead paragraph (the title and description are in the HTML). */
export function MarketingPage({
  heading,
  lead,
  eyebrow,
  actions,
  children,
}: {
  heading: string;
  lead: string;
  eyebrow?: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <div className="border-b bg-linear-to-b from-highlight to-background">
        <div className="mx-auto max-w-content px-4 pt-14 pb-16 sm:px-6 sm:pt-20 sm:pb-20">
          {eyebrow ? (
            <p className="mb-4 text-sm font-semibold tracking-wider text-primary uppercase">{eyebrow}</p>
          ) : null}
          <h1 className="max-w-3xl text-4xl font-semibold tracking-tight sm:text-5xl">{heading}</h1>
          <p className="mt-6 max-w-prose text-lg text-muted-foreground">{lead}</p>
          {actions ? <div className="mt-8 flex flex-wrap gap-3">{actions}</div> : null}
        </div>
      </div>
      {children}
    </>
  );
}

/** A titled block of a marketing page. */
export function Section({
  id,
  title,
  intro,
  children,
  className,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={cn("mx-auto max-w-content px-4 py-section sm:px-6", className)}>
      <h2 id={id} className="max-w-2xl text-3xl font-semibold tracking-tight">
        {title}
      </h2>
      {intro ? <p className="mt-4 max-w-prose text-muted-foreground">{intro}</p> : null}
      <div className="mt-10">{children}</div>
    </section>
  );
}

/** The closing call to action shared by the marketing pages. */
export function CallToAction({
  title = "Tell us which process eats your week",
  text,
}: {
  title?: string;
  text?: string;
}) {
  return (
    <section aria-labelledby="cta" className="mx-auto max-w-content px-4 pb-section sm:px-6">
      <div className="flex flex-col items-start gap-6 rounded-2xl bg-primary px-6 py-10 text-primary-foreground sm:px-10 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id="cta" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {title}
          </h2>
          <p className="mt-3 opacity-90">
            {text ??
              "A 30-minute call is enough for us to tell you, honestly, whether automating it pays off and what it would cost."}
          </p>
        </div>
        <a
          href="/contact"
          className={buttonClasses("secondary", "lg", "shrink-0 bg-card text-foreground hover:bg-card/90")}
        >
          Talk to an engineer <ArrowRight aria-hidden />
        </a>
      </div>
    </section>
  );
}
