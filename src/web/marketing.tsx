// The browser entry of the prerendered marketing pages (the app's is main.tsx). Loaded by the
// inline page-init script after the first paint; hydrates the page's HTML with the same tree the
// build rendered, time-sliced so that no long task holds up the page.
import "./lib/zod-jitless"; // first: Zod must be jitless before any schema is built
import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { PRERENDERED_PAGES } from "../shared/marketing-pages";
import { MARKETING_PAGES, MarketingApp } from "./app/marketing-app";
import type { MarketingData } from "./app/routes/marketing/marketing-page";

async function hydrate() {
  const root = document.getElementById("root");
  const path = window.location.pathname.length > 1 ? window.location.pathname.replace(/\/+$/, "") : "/";
  const page = PRERENDERED_PAGES.find((candidate) => candidate.path === path);
  if (!root || !page) throw new Error(`${path} is not a prerendered marketing page`);
  // The data the page was rendered with: a JSON block, not a script (the CSP allows no inline script).
  const data = JSON.parse(document.getElementById("prerender-state")?.textContent ?? "{}") as MarketingData;
  const module = await MARKETING_PAGES[page.name]();
  startTransition(() => {
    hydrateRoot(root, <MarketingApp path={page.path} page={module} data={data} />);
  });
}

void hydrate();
