import { QueryClientProvider, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { StrictMode, useEffect, type ReactNode } from "react";
import { operationUrl } from "../../shared/api-operation";
import { betterAuthSessionOps } from "../../shared/operations/better-auth-session";
import { accountKeys } from "../features/account/api/query-keys";
import { InitialSessionProvider, type InitialSession } from "../features/auth/auth-context";
import { automationKeys } from "../features/automations/api/query-keys";
import { dashboardKeys } from "../features/dashboard/api/query-keys";
import { hydrated } from "../lib/format";

/** The answers the server put into a first screen's HTML, by URL (src/server/first-screen.ts). */
export type FirstScreenAnswers = Record<string, { body: unknown; csrfToken?: string }>;

export const SESSION_READ = operationUrl(betterAuthSessionOps.getSession);

/**
 * The screens the server renders for a signed-in user (ADR 0037), and which query each of their
 * answers fills: the server renders with these in the cache, and the browser puts the same answers
 * in its cache before it hydrates, so both render the same screen. (URLs and keys are written out,
 * not taken from the operations and query options: those would bring every automation endpoint
 * into the app's entry. render-first-screen.test.tsx checks both against them.)
 */
export const FIRST_SCREEN_QUERIES: Readonly<Record<string, readonly { url: string; queryKey: QueryKey }[]>> = {
  "/secure-dashboard": [
    { url: "/api/me", queryKey: accountKeys.me() },
    { url: "/api/dashboard", queryKey: dashboardKeys.overview() },
  ],
  "/my-automations": [
    { url: "/api/me", queryKey: accountKeys.me() },
    // The list unfiltered: the page's own URL without a search or status.
    { url: "/api/automations", queryKey: automationKeys.list({}) },
  ],
};

/**
 * Puts a first screen's answers into the query cache and returns who is signed in; null when the
 * answers name no one (then nothing is rendered ahead and the page starts as any other).
 */
export function seedFirstScreen(
  queryClient: QueryClient,
  page: string,
  answers: FirstScreenAnswers,
  readAt: number,
): InitialSession {
  const session = answers[SESSION_READ]?.body as InitialSession | undefined;
  const queries = FIRST_SCREEN_QUERIES[page];
  if (!session?.user || !session.session || !queries) return null;
  // As old as the server's read: a page opened in a background tab and shown later reads again.
  for (const { url, queryKey } of queries) {
    const answer = answers[url];
    if (answer) queryClient.setQueryData(queryKey, answer.body, { updatedAt: readAt });
  }
  return session;
}

/** The app's providers around its router: the same tree on the server and in the browser. */
export function AppProviders({
  queryClient,
  initialSession = null,
  children,
}: {
  queryClient: QueryClient;
  initialSession?: InitialSession;
  children: ReactNode;
}) {
  useEffect(() => {
    // Hydrated (or rendered): times read from the clock again, and the screen takes input, whatever
    // the router showed (a screen, or its error page).
    hydrated();
    document.getElementById("root")?.removeAttribute("inert");
  }, []);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <InitialSessionProvider value={initialSession}>{children}</InitialSessionProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
