// Prerenders the marketing pages after `vite build`: an SSR build of src/web/prerender.tsx
// renders each page with the real routes; the HTML (content, title, description, the CSS it
// uses and the data as a JSON block) is written to dist/web/<page>/index.html, which the server
// serves for those paths. The browser then hydrates it (src/web/main.tsx).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Beasties from "beasties";
import { build } from "vite";
import { openDatabase } from "../src/server/db/client";
import { jsonInHtml } from "../src/server/lib/json-in-html";
import { listActivePlans } from "../src/server/modules/pricing";
import { PRERENDERED_PAGES } from "../src/shared/marketing-pages";
import type { PrerenderedPage } from "../src/web/prerender";

const root = path.resolve(import.meta.dirname, "..");
const webDir = path.join(root, "dist/web");
const ssrDir = path.join(root, ".tmp/prerender");

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;
/** The marketing pages' own browser entry (vite.config.ts builds it beside the app's). */
const MARKETING_ENTRY = "src/web/marketing.tsx";

const escapeAttr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
const escapeText = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** Every chunk a manifest entry pulls in statically (itself first). */
function chunkClosure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key) || !manifest[key]) return [];
  seen.add(key);
  return [manifest[key].file, ...(manifest[key].imports ?? []).flatMap((child) => chunkClosure(manifest, child, seen))];
}

async function main() {
  const template = fs.readFileSync(path.join(webDir, "index.html"), "utf8");
  const manifest = JSON.parse(fs.readFileSync(path.join(webDir, ".vite/manifest.json"), "utf8")) as Manifest;
  const entry = manifest[MARKETING_ENTRY];
  if (!entry) throw new Error(`the build has no ${MARKETING_ENTRY} entry`);
  const entryChunks = new Set(chunkClosure(manifest, MARKETING_ENTRY));

  await build({
    configFile: path.join(root, "vite.config.ts"),
    logLevel: "warn",
    build: {
      ssr: "src/web/prerender.tsx",
      outDir: ssrDir,
      emptyOutDir: true,
      sourcemap: false,
      manifest: false,
      copyPublicDir: false,
    },
  });
  const { render } = (await import(pathToFileURL(path.join(ssrDir, "prerender.js")).href)) as {
    render: (
      page: (typeof PRERENDERED_PAGES)[number],
      data: { plans: unknown[]; signedIn: boolean },
    ) => Promise<PrerenderedPage>;
  };

  // The plans as the migrations seed them; when those on sale differ, the server hands /pricing
  // to the app, which reads them from /api/plans (src/server/web-app.ts).
  const database = await openDatabase({ memory: true });
  const plans = await listActivePlans({ db: database.db });
  await database.close();

  // The page's own CSS goes inline, so that it needs no request but its HTML before the first
  // paint, and the HTML stays within one round trip: the rules that match its markup, the dark
  // theme's, the posture banner's and the CSS-only billing switch's (which depend on state the
  // markup does not show), and the font faces. The full stylesheet comes with the app.
  const criticalCss = new Beasties({
    path: webDir,
    publicPath: "/",
    pruneSource: false,
    inlineFonts: false,
    preloadFonts: false,
    keyframes: "critical",
    compress: true,
    logLevel: "warn",
    // (Tailwind's space-* and divide-* select children through :where(), which the matcher skips.)
    allowRules: [
      /\.dark\b/,
      /\.webfont\b/,
      /data-posture/,
      /email-confirmed/,
      /billing-period/,
      /\.(space|divide)-[xy]/,
    ],
  });
  // The app's own script and preloads leave the head; the inline page-init script loads the
  // marketing entry once the visitor interacts (after the first paint on dev hosts).
  const entryTag = template.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
  if (!entryTag) throw new Error("index.html has no module entry script");
  const stylesheetTag = template.match(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/);
  if (!stylesheetTag) throw new Error("index.html has no stylesheet link");
  // The icon rides in the HTML as a data URL: no request of its own competes with the page.
  const favicon = `data:image/svg+xml,${encodeURIComponent(fs.readFileSync(path.join(webDir, "favicon.svg"), "utf8").trim())}`;
  const fontFaces = (
    fs.readFileSync(path.join(webDir, stylesheetTag[1]!), "utf8").match(/@font-face\{[^}]*\}/g) ?? []
  ).join("");

  // Each page twice: for visitors and for signed-in users (the header offers the dashboard);
  // the server picks by the request's session.
  const variants = PRERENDERED_PAGES.flatMap((page) => [
    { page, signedIn: false, file: "index.html" },
    { page, signedIn: true, file: "signed-in.html" },
  ]);
  for (const { page, signedIn, file } of variants) {
    // Only the pricing page shows the plans: the others do not carry them.
    const data = { plans: page.name === "pricing" ? plans : [], signedIn };
    const result = await render(page, data);
    const routeKey = `src/web/app/routes/marketing/${page.name}.tsx`;
    // The entry's imports and the page's own chunks, fetched alongside the entry once page-init starts it.
    const preloads = [
      ...[...entryChunks].slice(1),
      ...chunkClosure(manifest, routeKey).filter((file) => !entryChunks.has(file)),
    ];
    const head = [
      `<meta name="app-entry" content="/${entry.file}" />`,
      `<meta name="app-preload" content="${preloads.map((file) => `/${file}`).join(" ")}" />`,
      `<meta name="app-styles" content="${stylesheetTag[1]}" />`,
      `<meta property="og:title" content="${escapeAttr(result.title)}" />`,
      `<meta property="og:description" content="${escapeAttr(result.description)}" />`,
      `<meta property="og:type" content="website" />`,
    ]
      .filter(Boolean)
      .join("\n    ");
    const state = jsonInHtml(data);
    let html = template
      .replace(entryTag[0], "")
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, "")
      .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeText(result.title)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*"\s*\/?>/,
        `<meta name="description" content="${escapeAttr(result.description)}" />`,
      )
      .replace("</head>", `  ${head}\n  </head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root">${result.html}</div>\n    <script type="application/json" id="prerender-state">${state}</script>`,
      );
    if (!html.includes(result.html))
      throw new Error(`index.html has no empty <div id="root"></div> to fill for ${page.path}`);
    html = await criticalCss.process(html);
    if (!html.includes("</style>")) throw new Error(`no CSS was inlined for ${page.path}`);
    html = html
      // Beasties leaves the stylesheet link and adds a preload of it: the app loads it instead.
      .replace(/\s*<link rel="(?:stylesheet|preload)"[^>]*\.css"[^>]*>/g, "")
      .replace(" data-beasties-container", "")
      .replace('href="/favicon.svg"', () => `href="${favicon}"`)
      .replace("</style>", () => `${fontFaces}</style>`)
      .replace(/\n\s*\n/g, "\n");
    // Nothing may load before the first paint but the HTML itself.
    if (/<link[^>]+\.css/.test(html)) throw new Error(`a stylesheet link is left in ${page.path}`);
    const out = path.join(webDir, page.name, file);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, html);
    console.log(`prerendered ${page.path} → ${path.relative(root, out)} (${(html.length / 1024).toFixed(1)} kB)`);
  }
  fs.rmSync(ssrDir, { recursive: true, force: true });
}

await main();
