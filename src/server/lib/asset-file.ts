import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A file shipped in the repository's assets/ folder, found by walking up from this module:
 * from src/server/lib in development and tests, from dist/server in the bundle.
 */
export function assetFile(...segments: string[]): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "assets", ...segments);
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`assets/${segments.join("/")} was not found next to the app`);
    dir = parent;
  }
}
