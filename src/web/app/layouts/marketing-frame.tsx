import { Outlet, useLocation } from "react-router";
import { MarketingLayout } from "./marketing-layout";

/**
 * The marketing pages' frame inside the app, loaded with the page it frames: served, those pages
 * are prerendered documents with their own entry, so the app's first download leaves it out.
 */
export function Component() {
  const { pathname } = useLocation();
  return (
    <MarketingLayout path={pathname}>
      <Outlet />
    </MarketingLayout>
  );
}
