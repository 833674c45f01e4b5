// Server-side entry, built with `vite build --ssr` (scripts/build-first-screen.ts) and loaded by the
// server: renders a signed-in first screen (ADR 0037) to HTML with the answers the server read for
// it, the same tree the browser then hydrates (src/web/main.tsx).
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { AppProviders, seedFirstScreen, type FirstScreenAnswers } from "./app/first-screen";
import { routes } from "./app/router";
import { renderingAs } from "./lib/format";
import { createQueryClient } from "./lib/query-client";

const handler = createStaticHandler(routes);

/** The first language of an Accept-Language header, if it names a locale the runtime knows. */
export function firstLanguage(acceptLanguage: string | undefined): string | undefined {
  const tag = acceptLanguage?.split(",")[0]?.split(";")[0]?.trim();
  if (!tag || tag === "*") return undefined;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf(tag).length > 0 ? tag : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The inside of `#root` for `url` (an absolute URL of a page of FIRST_SCREEN_QUERIES), in the
 * request's language and at the instant `now` (the page carries it for the browser's hydration),
 * or undefined when the answers name no one signed in or the router answers with anything but the page.
 */
export async function renderFirstScreen(
  url: string,
  answers: FirstScreenAnswers,
  { acceptLanguage, now }: { acceptLanguage?: string; now: number },
): Promise<string | undefined> {
  const queryClient = createQueryClient();
  const initialSession = seedFirstScreen(queryClient, new URL(url).pathname, answers, now);
  if (!initialSession) return undefined;
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.statusCode !== 200) return undefined;
  const router = createStaticRouter(handler.dataRoutes, context);
  try {
    return renderingAs({ locale: firstLanguage(acceptLanguage), now }, () =>
      renderToString(
        <AppProviders queryClient={queryClient} initialSession={initialSession}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>,
      ),
    );
  } finally {
    queryClient.clear();
  }
}
