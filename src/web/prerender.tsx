// Server-side entry, built with `vite build --ssr` and used only by scripts/prerender.ts:
// renders one marketing page to HTML with the same routes and providers as the browser.
import { dehydrate, QueryClientProvider, type DehydratedState } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import type { PlanView } from "../shared/plans";
import { routes } from "./app/router";
import { plansQueryOptions } from "./features/plans/api/plans";
import { createQueryClient } from "./lib/query-client";

export interface PrerenderedPage {
  html: string;
  title?: string;
  description?: string;
  /** Query cache to hydrate in the browser (embedded as JSON, never as script). */
  state: DehydratedState;
}

export async function render(url: string, data: { plans: PlanView[] }): Promise<PrerenderedPage> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(plansQueryOptions().queryKey, data.plans);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, "http://prerender.invalid")));
  if (context instanceof Response) throw new Error(`${url} answered ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
  );
  const meta = [...context.matches].reverse().find((match) => (match.route.handle as { title?: string } | undefined)?.title)?.route.handle as
    | { title: string; description: string }
    | undefined;
  return { html, title: meta?.title, description: meta?.description, state: dehydrate(queryClient) };
}
