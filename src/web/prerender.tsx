// Server-side entry, built with `vite build --ssr` and used only by scripts/prerender.ts:
// renders one marketing page to HTML with the same tree the browser hydrates (src/web/marketing.tsx).
import { renderToString } from "react-dom/server";
import { MARKETING_PAGES, MarketingApp } from "./app/marketing-app";
import type { MarketingPageName } from "./app/marketing-app";
import type { MarketingData } from "./app/routes/marketing/marketing-page";

export interface PrerenderedPage {
  html: string;
  title: string;
  description: string;
}

export async function render(
  page: { path: string; name: MarketingPageName },
  data: MarketingData,
): Promise<PrerenderedPage> {
  const module = await MARKETING_PAGES[page.name]();
  const html = renderToString(<MarketingApp path={page.path} page={module} data={data} />);
  return { html, title: module.meta.title, description: module.meta.description };
}
