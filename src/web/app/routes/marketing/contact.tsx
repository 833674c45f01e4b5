import { LifeBuoy } from "lucide-react";
import { ContactForm } from "../../../features/contact/components/contact-form";
import { MarketingPage, type PageMeta } from "./marketing-page";

export const meta: PageMeta = {
  title: "Contact · Cogwork",
  description:
    "Tell Cogwork which process takes your team too long. An engineer answers within two business days with an honest view of whether automating it pays off.",
};

const NEXT = [
  "An engineer, not a salesperson, reads your message and answers within two business days.",
  "If it looks worth automating, we suggest a 30-minute call to understand the process.",
  "You receive a written estimate: the time it should save, the setup fee and the monthly plan.",
];

export function Page() {
  return (
    <MarketingPage
      eyebrow="Contact"
      heading="Tell us what takes your team too long"
      lead="Describe a process that eats your week and we will tell you honestly whether automating it pays off."
    >
      <div className="mx-auto grid max-w-content gap-12 px-4 py-section sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="form-title" className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">
          <h2 id="form-title" className="text-2xl font-semibold tracking-tight">
            Send us a message
          </h2>
          <p className="mt-2 mb-6 text-sm text-muted-foreground">Fields without “optional” are required.</p>
          <ContactForm />
        </section>
        <aside className="flex flex-col gap-8" aria-label="About your enquiry">
          <section aria-labelledby="next-title">
            <h2 id="next-title" className="text-lg font-semibold">
              What happens next
            </h2>
            <ol className="mt-4 space-y-4 text-sm text-muted-foreground">
              {NEXT.map((text, index) => (
                <li key={text} className="flex gap-3">
                  <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-accent text-xs font-semibold text-accent-foreground">
                    {index + 1}
                  </span>
                  <span>{text}</span>
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="clients-title" className="rounded-xl border bg-muted/50 p-5">
            <LifeBuoy className="size-5 text-primary" aria-hidden />
            <h2 id="clients-title" className="mt-2 font-semibold">
              Already a client?
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              Open a ticket under Support in your portal: it reaches the engineer who runs your automations, with their
              history attached.
            </p>
            <a
              href="/secure-login"
              className="mt-3 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Sign in to the portal
            </a>
          </section>
        </aside>
      </div>
    </MarketingPage>
  );
}
