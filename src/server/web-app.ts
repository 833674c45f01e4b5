import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import { compress } from "hono/compress";
import { PRERENDERED_PAGES } from "../shared/marketing-pages";
import { REDIRECTS, isAppPath, staffEquivalent } from "../shared/routes";
import {
  FIRST_SCREEN_READS,
  firstScreenHtml,
  loadFirstScreenRenderer,
  readFirstScreen,
  type AppRead,
  type FirstScreenRenderer,
} from "./first-screen";
import { sha256Base64 } from "./lib/sha256";

/** A marketing page's prerendered HTML, for visitors and (when built) for signed-in users. */
export interface PrerenderedHtml {
  signedOut: string;
  signedIn?: string;
}

/** The built app's HTML: the SPA shell and the prerendered marketing pages, read once at start. */
export interface WebPages {
  webRoot: string;
  indexHtml: string | undefined;
  prerendered: Map<string, PrerenderedHtml>;
  /** Brotli copies of those pages, by HTML: the build's (scripts/compress-assets.ts), or made on first use. */
  brotli: Map<string, Buffer>;
  /** The build's renderer of the signed-in first screens (dist/ssr beside dist/web), if built. */
  firstScreenRenderer: FirstScreenRenderer | undefined;
}

export function loadWebPages(webRoot: string): WebPages {
  const brotli = new Map<string, Buffer>();
  const read = (file: string) => {
    if (!fs.existsSync(file)) return undefined;
    const html = fs.readFileSync(file, "utf8");
    if (fs.existsSync(`${file}.br`)) brotli.set(html, fs.readFileSync(`${file}.br`));
    return html;
  };
  const prerendered = new Map<string, PrerenderedHtml>();
  for (const page of PRERENDERED_PAGES) {
    const signedOut = read(path.join(webRoot, page.name, "index.html"));
    if (signedOut)
      prerendered.set(page.path, { signedOut, signedIn: read(path.join(webRoot, page.name, "signed-in.html")) });
  }
  return {
    webRoot,
    indexHtml: read(path.join(webRoot, "index.html")),
    prerendered,
    brotli,
    firstScreenRenderer: loadFirstScreenRenderer(path.join(webRoot, "../ssr/render-first-screen.js")),
  };
}

/**
 * CSP sources ('sha256-…') for the inline scripts of the pages we serve: the build inlines its
 * small head scripts (theme, boot), and the policy allows exactly those, no other inline script.
 * JSON data blocks are not scripts to the browser and need no hash.
 */
export function inlineScriptHashes({ indexHtml, prerendered }: WebPages): string[] {
  const hashes = new Set<string>();
  for (const html of [
    indexHtml ?? "",
    ...[...prerendered.values()].flatMap((page) => [page.signedOut, page.signedIn ?? ""]),
  ]) {
    for (const [, attributes, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
      if (/\bsrc=/.test(attributes!) || /type="application\/json"/.test(attributes!) || !body) continue;
      hashes.add(`'sha256-${sha256Base64(body)}'`);
    }
  }
  return [...hashes].sort();
}

/** The plans a prerendered page was built with (its JSON data block), if it shows any. */
export function builtPlans(html: string): unknown[] {
  const state = html.match(/<script type="application\/json" id="prerender-state">([\s\S]*?)<\/script>/)?.[1];
  if (!state) return [];
  const data = JSON.parse(state) as { plans?: unknown[] };
  return data.plans ?? [];
}

/** How long the plans read for the pricing page are trusted before they are read again. */
const PLANS_FRESH_MS = 30_000;

export interface WebAppOptions {
  /** Whether a request carries a live session: signed-in users get the page with "Dashboard". */
  isSignedIn?: (headers: Headers) => Promise<boolean>;
  /** Whether a request comes from staff who view no client company: a client's own pages send them on (ADR 0023). */
  isStaffOutsideView?: (headers: Headers) => Promise<boolean>;
  /** The plans on sale now: when they differ from those the pricing page was built with, the app renders it instead. */
  currentPlans?: () => Promise<unknown[]>;
  /** Asks the app's own API, for the answers a signed-in first screen's HTML carries (./first-screen.ts). */
  readApi?: AppRead;
  /** Renders a signed-in first screen from those answers, so that it paints before the app has loaded. */
  renderFirstScreen?: FirstScreenRenderer;
}

/** Whether the request carries a session cookie at all (whether it is valid is the session read's to say). */
const carriesSessionCookie = (c: Context) => /session_token=/.test(c.req.header("cookie") ?? "");

/**
 * A signed-in first screen's HTML with its session, account and data in it, for the user whose
 * cookie asked, or undefined (no session, not such a page): then the shared shell serves.
 */
async function personalisedShell(
  c: Context,
  page: string,
  indexHtml: string | undefined,
  { readApi, renderFirstScreen }: WebAppOptions,
): Promise<Response | undefined> {
  if (!indexHtml || !readApi || !FIRST_SCREEN_READS[page]) return undefined;
  if (!carriesSessionCookie(c)) return undefined;
  const read: AppRead = (url, headers) => readApi(new URL(url, c.req.url).href, headers, c.env);
  const first = await readFirstScreen(page, c.req.raw.headers, read).catch(() => undefined);
  if (!first) return undefined;
  // One user's data: never stored by a cache, never served to anyone else.
  c.header("Cache-Control", "private, no-store");
  c.header("Vary", "Accept-Encoding, Cookie");
  for (const cookie of first.setCookies) c.header("Set-Cookie", cookie, { append: true });
  // A screen that fails to render is rendered by the app in the browser, as without a renderer.
  const now = Date.now();
  const acceptLanguage = c.req.header("accept-language");
  const html = await renderFirstScreen?.(c.req.url, first.answers, { acceptLanguage, now }).catch(() => undefined);
  return c.html(firstScreenHtml(indexHtml, first.answers, html ? { html, at: now } : undefined), 200);
}

/**
 * The built React app from the same origin as the API: hashed assets cached for a year,
 * the prerendered HTML of the marketing pages, index.html for every other page (404 status for
 * unknown paths), the seed's redirects as real 301s.
 */
export function webAppRoutes({ webRoot, indexHtml, prerendered, brotli }: WebPages, options: WebAppOptions = {}) {
  // The pricing page's HTML holds the plans of the build; if they have changed since, the app
  // (index.html) renders the page from /api/plans, so no visitor ever reads a stale price.
  const pricing = prerendered.get("/pricing");
  const pricingBuiltWith = pricing ? JSON.stringify(builtPlans(pricing.signedOut)) : "";
  let plansRead: { at: number; json: Promise<string> } | undefined;
  const pricingIsCurrent = async () => {
    if (!options.currentPlans) return true;
    if (!plansRead || Date.now() - plansRead.at > PLANS_FRESH_MS)
      plansRead = { at: Date.now(), json: options.currentPlans().then((plans) => JSON.stringify(plans)) };
    return (await plansRead.json.catch(() => pricingBuiltWith)) === pricingBuiltWith;
  };

  const sendHtml = (c: Context, html: string, status: 200 | 404) => {
    c.header("Cache-Control", "no-cache");
    // The marketing pages also differ by session (signed-in users get "Dashboard").
    c.header("Vary", "Accept-Encoding, Cookie");
    if (!/\bbr\b/.test(c.req.header("accept-encoding") ?? "")) return c.html(html, status);
    let body = brotli.get(html);
    if (!body) {
      // No copy from the build: a quick compression, once per page.
      body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
      brotli.set(html, body);
    }
    c.header("Content-Type", "text/html; charset=UTF-8");
    c.header("Content-Encoding", "br");
    return c.body(new Uint8Array(body), status);
  };
  const app = new Hono();
  // Text assets (HTML, JS, CSS, SVG) go out compressed: with the build's Brotli copies or the
  // pages' own when the browser takes Brotli, else gzipped here. A fifth of the bytes or less.
  app.use("*", compress());

  for (const [from, to] of Object.entries(REDIRECTS)) app.get(from, (c) => c.redirect(to, 301));

  app.use(
    "/assets/*",
    serveStatic({
      root: path.relative(process.cwd(), webRoot),
      precompressed: true,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  // Other files with an extension (favicon, robots.txt…); pages fall through to index.html.
  const files = serveStatic({ root: path.relative(process.cwd(), webRoot) });
  app.use("*", (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) ? files(c, next) : next()));

  app.get("*", async (c) => {
    const page = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, "") : c.req.path;
    const prerenderedPage = prerendered.get(page);
    if (prerenderedPage && (page !== "/pricing" || (await pricingIsCurrent()))) {
      // Only a request carrying a session cookie costs a session lookup.
      const mayBeSignedIn = prerenderedPage.signedIn && options.isSignedIn && carriesSessionCookie(c);
      // A failed lookup serves the visitors' page: the header's link then says "Sign in".
      const signedIn = mayBeSignedIn ? await options.isSignedIn!(c.req.raw.headers).catch(() => false) : false;
      return sendHtml(c, signedIn ? prerenderedPage.signedIn! : prerenderedPage.signedOut, 200);
    }
    const agencyPage = staffEquivalent(page);
    if (agencyPage && options.isStaffOutsideView && carriesSessionCookie(c)) {
      if (await options.isStaffOutsideView(c.req.raw.headers).catch(() => false)) {
        c.header("Cache-Control", "no-store");
        c.header("Vary", "Accept-Encoding, Cookie");
        return c.redirect(agencyPage, 302);
      }
    }
    if (!indexHtml) {
      return c.text("The web app is not built yet. Run `npm run build` (npm start does it for you).", 503);
    }
    const personalised = await personalisedShell(c, page, indexHtml, options);
    if (personalised) return personalised;
    return sendHtml(c, indexHtml, isAppPath(c.req.path) ? 200 : 404);
  });
  return app;
}
