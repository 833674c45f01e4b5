/* The JS a browser downloads for the signed-in first screen (the client dashboard): the SPA's entry and its route chunk, each with its static imports. */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

type Manifest = Record<string, { file: string; imports?: string[] }>;

/** Kilobytes of gzip JS for the SPA entry (index.html) plus the client dashboard's route chunk. */
export function firstScreenJsKb(webRoot: string, route = "src/web/app/routes/secure-dashboard.tsx"): number {
  const manifest = JSON.parse(fs.readFileSync(path.join(webRoot, ".vite/manifest.json"), "utf8")) as Manifest;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit("index.html");
  visit(route);
  let bytes = 0;
  for (const file of files) bytes += gzipSync(fs.readFileSync(path.join(webRoot, file)), { level: 9 }).length;
  return bytes / 1024;
}
