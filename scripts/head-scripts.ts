// The small script every page runs inline at the top of its <head> (src/web/head/page-init.js),
// minified. Inline so it costs no request before the first paint; the server allows it by its
// CSP hash, computed from the HTML it serves (src/server/web-app.ts).
import fs from "node:fs";
import path from "node:path";
import { transformSync } from "esbuild";

const source = path.resolve(import.meta.dirname, "../src/web/head/page-init.js");

export function pageInitScript(): string {
  return transformSync(fs.readFileSync(source, "utf8"), { minify: true, target: "es2019" }).code.trim();
}

/** index.html names the script as a file (so it works without the build too); the build inlines it. */
export const PAGE_INIT_TAG = '<script src="/src/web/head/page-init.js"></script>';
