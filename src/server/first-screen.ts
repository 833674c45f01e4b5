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
 * Renders a first screen to the inside of `#root`, from the page's absolute URL, its answers and
 * the request's Accept-Language (the build's src/web/render-first-screen.tsx); undefined when it
 * renders nothing.
 */
export type FirstScreenRenderer = (
  url: string,
  answers: Record<string, FirstScreenAnswer>,
  acceptLanguage?: string,
) => Promise<string | undefined>;

/**
 * The build's renderer of the first screens (dist/ssr, next to the web app's files), loaded on
 * first use; undefined when the build has none (development, tests of the shell alone).
 */
export function loadFirstScreenRenderer(file: string): FirstScreenRenderer | undefined {
  if (!fs.existsSync(file)) return undefined;
  let loaded: Promise<FirstScreenRenderer> | undefined;
  return async (url, answers, acceptLanguage) => {
    loaded ??= import(pathToFileURL(file).href).then(
      (module: { renderFirstScreen: FirstScreenRenderer }) => module.renderFirstScreen,
    );
    return (await loaded)(url, answers, acceptLanguage);
  };
}

/**
 * The app shell with the screen's answers in a JSON block and, when it was rendered, the screen
 * itself in `#root`: painted at once, and inert until the app has hydrated it (no click is lost
 * on a button that does nothing yet).
 */
export function firstScreenHtml(indexHtml: string, answers: Record<string, FirstScreenAnswer>, rendered?: string) {
  const block = `<script type="application/json" id="${FIRST_SCREEN_BLOCK_ID}">${jsonInHtml(answers)}</script>`;
  const withScreen = rendered ? withRenderedScreen(indexHtml, rendered) : indexHtml;
  return withScreen.replace("</body>", `${block}</body>`);
}

/**
 * The screen in `#root`, and the app's entry started by the page-init script after the first
 * paint instead of by a module script, which a busy phone would run before painting anything
 * (its chunks still download at once, from the shell's modulepreload links, after the CSS).
 */
function withRenderedScreen(indexHtml: string, rendered: string) {
  const entry = indexHtml.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
  const started = entry
    ? indexHtml.replace(
        entry[0],
        () =>
          `<meta name="app-entry" content="${entry[1]}" />\n    <meta name="app-start" content="after-paint" />` +
          `\n    <link rel="modulepreload" crossorigin href="${entry[1]}">`,
      )
    : indexHtml;
  return stylesheetFirst(started).replace(
    '<div id="root"></div>',
    () => `<div id="root" data-server-rendered inert>${rendered}</div>`,
  );
}

/**
 * The stylesheet asked for before the scripts' preloads: the screen paints once it has its CSS,
 * and over HTTP/1.1 the preloads would otherwise take the connections first.
 */
function stylesheetFirst(html: string) {
  const stylesheet = html.match(/\s*<link rel="stylesheet"[^>]*>/);
  const firstPreload = html.indexOf('<link rel="modulepreload"');
  if (!stylesheet || firstPreload < 0 || stylesheet.index! < firstPreload) return html;
  const without = html.replace(stylesheet[0], "");
  return without.replace('<link rel="modulepreload"', () => `${stylesheet[0].trim()}\n    <link rel="modulepreload"`);
}
