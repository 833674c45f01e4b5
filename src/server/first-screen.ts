import fs from "node:fs";
import { pathToFileURL } from "node:url";
import { operationUrl } from "../shared/api-operation";
import { FIRST_SCREEN_BLOCK_ID } from "../shared/constants";
import { automationsOps } from "../shared/operations/automations";
import { betterAuthOps } from "../shared/operations/better-auth";
import { dashboardOps } from "../shared/operations/dashboard";
import { meOps } from "../shared/operations/me";
import { jsonInHtml } from "./lib/json-in-html";

const SESSION_READ = operationUrl(betterAuthOps.getSession);

/**
 * What a signed-in screen reads first, by page: the session, the account the frame shows, and the
 * screen's own data. The server answers these into the page's HTML (ADR 0037), so the first
 * screen waits for no request chain after its scripts.
 */
export const FIRST_SCREEN_READS: Readonly<Record<string, readonly string[]>> = {
  "/secure-dashboard": [SESSION_READ, operationUrl(meOps.getMe), operationUrl(dashboardOps.getDashboard)],
  "/my-automations": [SESSION_READ, operationUrl(meOps.getMe), operationUrl(automationsOps.listAutomations)],
};

/** One read the page would make, answered: its JSON body and the CSRF token the answer carried, if any. */
export interface FirstScreenAnswer {
  body: unknown;
  csrfToken?: string;
}

/**
 * Asks the app itself for a URL with the page request's own headers (its cookie: the same user,
 * the same checks) and its connection (the same client address for the rate limits).
 */
export type AppRead = (url: string, headers: Headers, env?: unknown) => Promise<Response>;

export interface FirstScreenAnswers {
  answers: Record<string, FirstScreenAnswer>;
  /** The cookies the session read set (a renewed session, a CSRF nonce): the page's answer sets them. */
  setCookies: string[];
}

/**
 * The first answers of a signed-in screen, asked of the app with the request's cookie, all at
 * once. Only answers of 200 are kept (any refusal the screen meets by asking itself); nothing at
 * all when the session read finds no one signed in.
 */
export async function readFirstScreen(
  page: string,
  requestHeaders: Headers,
  read: AppRead,
): Promise<FirstScreenAnswers | undefined> {
  const urls = FIRST_SCREEN_READS[page];
  if (!urls) return undefined;
  const headers = new Headers(requestHeaders);
  headers.set("accept", "application/json");
  headers.delete("accept-encoding");
  headers.delete("if-none-match");
  headers.delete("if-modified-since");
  const responses = await Promise.all(urls.map((url) => read(url, headers).catch(() => undefined)));
  const answers: Record<string, FirstScreenAnswer> = {};
  let setCookies: string[] = [];
  for (const [index, response] of responses.entries()) {
    if (!response || response.status !== 200) continue;
    const body: unknown = await response.json().catch(() => undefined);
    if (body === undefined) continue;
    const csrfToken = response.headers.get("x-csrf-token") ?? undefined;
    answers[urls[index]!] = csrfToken ? { body, csrfToken } : { body };
    if (urls[index] === SESSION_READ) setCookies = response.headers.getSetCookie();
  }
  const session = answers[SESSION_READ]?.body as { user?: unknown } | null | undefined;
  return session?.user ? { answers, setCookies } : undefined;
}

/**
 * Renders a first screen to the inside of `#root`, from the page's absolute URL, its answers, the
 * request's Accept-Language and the instant it renders at (the build's
 * src/web/render-first-screen.tsx); undefined when it renders nothing.
 */
export type FirstScreenRenderer = (
  url: string,
  answers: Record<string, FirstScreenAnswer>,
  options: { acceptLanguage?: string; now: number },
) => Promise<string | undefined>;

/**
 * The build's renderer of the first screens (dist/ssr, next to the web app's files), loaded on
 * first use; undefined when the build has none (development, tests of the shell alone).
 */
export function loadFirstScreenRenderer(file: string): FirstScreenRenderer | undefined {
  if (!fs.existsSync(file)) return undefined;
  // Imported as the server starts: the renderer is the build's that the server's pages are.
  const loaded = import(pathToFileURL(file).href).then(
    (module: { renderFirstScreen: FirstScreenRenderer }) => module.renderFirstScreen,
  );
  loaded.catch(() => undefined); // a failed import is each render's failure, logged there
  return async (url, answers, options) => (await loaded)(url, answers, options);
}

/**
 * The app shell with the screen's answers in a JSON block and, when it was rendered, the screen
 * itself in `#root`: painted at once, and inert until the app has hydrated it (no click is lost
 * on a button that does nothing yet).
 */
export function firstScreenHtml(
  indexHtml: string,
  answers: Record<string, FirstScreenAnswer>,
  rendered?: { html: string; at: number },
) {
  const block = `<script type="application/json" id="${FIRST_SCREEN_BLOCK_ID}">${jsonInHtml(answers)}</script>`;
  const withScreen = rendered ? withRenderedScreen(indexHtml, rendered) : indexHtml;
  // (A function: the data's own "$&" or "$`" must not read as replacement patterns.)
  return withScreen.replace("</body>", () => `${block}</body>`);
}

/**
 * The screen in `#root`, and the app started by the page-init script once the screen has painted,
 * instead of by the shell's module script and preloads: a phone paints the screen as soon as it
 * has the HTML and the stylesheet, without the scripts competing for the connection or for the
 * main thread first (as the prerendered marketing pages do, ADR 0008).
 */
function withRenderedScreen(indexHtml: string, rendered: { html: string; at: number }) {
  const html = indexHtml.replace(
    '<div id="root"></div>',
    () => `<div id="root" data-server-rendered="${rendered.at}" inert>${rendered.html}</div>`,
  );
  const entry = html.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
  if (!entry) return html;
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  const startedAfterPaint = [
    `<meta name="app-entry" content="${entry[1]}" />`,
    `<meta name="app-preload" content="${preloads.map(([, href]) => href).join(" ")}" />`,
    '<meta name="app-start" content="after-paint" />',
  ].join("\n    ");
  return preloads.reduce((page, [tag]) => page.replace(tag, ""), html).replace(entry[0], () => startedAfterPaint);
}
