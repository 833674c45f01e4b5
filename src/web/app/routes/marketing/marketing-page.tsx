import { useEffect, type ReactNode } from "react";

/** A marketing page's frame: its title, its meta description and a lead paragraph. */
export function MarketingPage({ title, heading, lead, description, children }: { title: string; heading: string; lead: string; description: string; children?: ReactNode }) {
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute("content", description);
  }, [title, description]);
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <h1 className="max-w-3xl text-4xl font-semibold tracking-tight sm:text-5xl">{heading}</h1>
      <p className="mt-6 max-w-2xl text-lg text-muted-foreground">{lead}</p>
      {children}
    </div>
  );
}
