import { StrictMode, useEffect } from "react";
import { MarketingLayout } from "./layouts/marketing-layout";
import { PageChrome } from "./layouts/page-chrome";
import type { PRERENDERED_PAGES } from "../../shared/marketing-pages";
import type { MarketingData, MarketingPageModule } from "./routes/marketing/marketing-page";

export type MarketingPageName = (typeof PRERENDERED_PAGES)[number]["name"];

/** Each marketing page's module, loaded on its own: a page's HTML fetches only its own code. */
export const MARKETING_PAGES: Record<MarketingPageName, () => Promise<MarketingPageModule>> = {
  home: () => import("./routes/marketing/home"),
  features: () => import("./routes/marketing/features"),
  pricing: () => import("./routes/marketing/pricing"),
  about: () => import("./routes/marketing/about"),
  contact: () => import("./routes/marketing/contact"),
};

declare global {
  interface Window {
    /** A button pressed before the app ran (set by src/web/head/page-init.js). */
    cogworkPendingClick?: HTMLElement;
  }
}

/** Presses again, once hydrated, a button the visitor pressed while the app was still loading. */
function useReplayPendingClick() {
  useEffect(() => {
    const button = window.cogworkPendingClick;
    delete window.cogworkPendingClick;
    if (button?.isConnected) button.click();
  }, []);
}

/**
 * One marketing page as a whole document's app: the same tree is rendered to HTML at build time
 * (src/web/prerender.tsx) and hydrated in the browser (src/web/marketing.tsx). No router and no
 * query cache: links are plain, and the page's data comes with its HTML.
 */
export function MarketingApp({
  path,
  page: { Page },
  data,
}: {
  path: string;
  page: MarketingPageModule;
  data: MarketingData;
}) {
  useReplayPendingClick();
  return (
    <StrictMode>
      <MarketingLayout path={path} signedIn={data.signedIn}>
        <Page data={data} />
      </MarketingLayout>
      <PageChrome />
    </StrictMode>
  );
}
