// Bundle budget of the marketing pages: for each prerendered page, the gzip bytes of its HTML
// (with the CSS it inlines; it should fit the first round trip, ~14 kB), and of the JS and CSS
// its app loads (its HTML's scripts, preloads and stylesheets, plus every static import of those
// chunks), and a check, through the source maps, that none of it is signed-in or auth code.
// Fails when a page pulls such code in. Needs a build (`npm run build`).
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { PRERENDERED_PAGES } from "../src/shared/marketing-pages";
import { judgedAs, reportBenchRow } from "./lib/bench-result";

const webDir = path.resolve(import.meta.dirname, "../dist/web");
const PAGES = PRERENDERED_PAGES;
/** Source files that belong to the signed-in area or to authentication. */
const FORBIDDEN = [
  /src\/web\/features\/auth\//,
  /src\/web\/app\/layouts\/(auth-shell|app-layout|auth-page-frame)\./,
  /node_modules\/better-auth\//,
  /src\/web\/app\/routes\/(secure-|admin|clients|billing|support|my-automations|automation-plan)/,
];

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;
const manifestFile = path.join(webDir, ".vite/manifest.json");
if (!fs.existsSync(manifestFile)) {
  console.error("No build found: run `npm run build` first.");
  reportBenchRow({
    bench: "bundle",
    name: "marketing pages",
    db: null,
    figure: null,
    unit: "kB",
    budget: judgedAs("a build", false),
    note: "no build: run `npm run build` first",
  });
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Manifest;
const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
const gzipBytes = (file: string) => gzipSync(fs.readFileSync(path.join(webDir, file)), { level: 9 }).length;

let failures = 0;
const rows: string[][] = [];
for (const page of PAGES) {
  const htmlFile = path.join(webDir, page.name, "index.html");
  if (!fs.existsSync(htmlFile)) {
    console.error(`${page.path}: not prerendered (${path.relative(process.cwd(), htmlFile)} is missing)`);
    reportBenchRow({
      bench: "bundle",
      name: `${page.path}: HTML + JS + CSS, gzip`,
      db: null,
      figure: null,
      unit: "kB",
      budget: judgedAs("prerendered, auth-free", false),
      note: "not prerendered",
    });
    failures++;
    continue;
  }
  const html = fs.readFileSync(htmlFile, "utf8");
  // Tags in the HTML, and the entry and preloads the inline page-init script loads after the first paint.
  const tagged = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\bhref)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1]!,
  );
  const booted = [...html.matchAll(/<meta name="app-(?:entry|preload|styles)" content="([^"]*)"/g)].flatMap((m) =>
    m[1]!
      .split(" ")
      .filter(Boolean)
      .map((file) => file.replace(/^\//, "")),
  );
  const refs = [...tagged, ...booted];
  const js = new Set<string>();
  const css = new Set<string>(refs.filter((ref) => ref.endsWith(".css")));
  const visit = (file: string) => {
    if (js.has(file)) return;
    js.add(file);
    const chunk = byFile.get(file);
    for (const sheet of chunk?.css ?? []) css.add(sheet);
    for (const key of chunk?.imports ?? []) if (manifest[key]) visit(manifest[key].file);
  };
  for (const ref of refs.filter((r) => r.endsWith(".js"))) visit(ref);

  const offenders: string[] = [];
  for (const file of js) {
    const map = path.join(webDir, `${file}.map`);
    if (!fs.existsSync(map)) continue;
    const sources = (JSON.parse(fs.readFileSync(map, "utf8")) as { sources: string[] }).sources;
    for (const source of sources)
      if (FORBIDDEN.some((pattern) => pattern.test(source)))
        offenders.push(`${file} ← ${source.replace(/^(\.\.\/)+/, "")}`);
  }
  const jsBytes = [...js].reduce((sum, file) => sum + gzipBytes(file), 0);
  const cssBytes = [...css].reduce((sum, file) => sum + gzipBytes(file), 0);
  const htmlBytes = gzipSync(html, { level: 9 }).length;
  rows.push([
    page.path,
    (htmlBytes / 1024).toFixed(1),
    String(js.size),
    (jsBytes / 1024).toFixed(1),
    String(css.size),
    (cssBytes / 1024).toFixed(1),
    offenders.length ? "AUTH CODE" : "ok",
  ]);
  reportBenchRow({
    bench: "bundle",
    name: `${page.path}: HTML + JS + CSS, gzip`,
    db: null,
    figure: (htmlBytes + jsBytes + cssBytes) / 1024,
    unit: "kB",
    budget: judgedAs("auth-free", offenders.length === 0),
  });
  if (offenders.length) {
    failures++;
    console.error(`${page.path} loads signed-in or auth code:\n  ${offenders.join("\n  ")}`);
  }
}

const header = ["route", "html kB gz", "js files", "js kB gz", "css files", "css kB gz", "auth-free"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
for (const row of [header, ...rows])
  console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "));
if (failures) {
  console.error(`\n${failures} marketing page(s) over budget`);
  process.exit(1);
}
