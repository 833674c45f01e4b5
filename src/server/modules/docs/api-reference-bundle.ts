import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/**
 * The API reference UI's browser build (one self-contained script that also injects its CSS),
 * resolved through the package's exports so that the same code finds it from src/ under the
 * test runner and from the esbuild bundle in dist/server, which keeps packages external.
 */
export const API_REFERENCE_BUNDLE_SPECIFIER = "@scalar/api-reference/browser/standalone.js";

export type ContentEncoding = "br" | "gzip";

export interface StaticScript {
  /** Content-addressed file name: a new version gets a new URL, so it can be cached for good. */
  fileName: string;
  body: Buffer;
  /** The body compressed for a browser that accepts the encoding, made once, on first use. */
  encoded(encoding: ContentEncoding): Promise<Buffer>;
}

// Made on the first request, not at start: every app instance (each test's too) would pay for it.
// Brotli 5 of 11 is within 3 % of 9 and takes about a second for the ~3 MB bundle; 11 takes 30.
const compressors: Record<ContentEncoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (body) => promisify(gzip)(body),
};

/** Reads a script once (at start) and names it after its content. */
export function loadStaticScript(file: string, baseName: string): StaticScript {
  const body = fs.readFileSync(file);
  const hash = createHash("sha256").update(body).digest("hex").slice(0, 12);
  const cache = new Map<ContentEncoding, Promise<Buffer>>();
  return {
    fileName: `${baseName}.${hash}.js`,
    body,
    encoded(encoding) {
      let pending = cache.get(encoding);
      if (!pending) {
        pending = compressors[encoding](body);
        // A failed compression is not kept: the next request tries again.
        pending.catch(() => cache.delete(encoding));
        cache.set(encoding, pending);
      }
      return pending;
    },
  };
}

export function loadApiReferenceBundle(): StaticScript {
  const file = createRequire(import.meta.url).resolve(API_REFERENCE_BUNDLE_SPECIFIER);
  return loadStaticScript(file, "api-reference");
}

/** The encoding to answer with: Brotli when accepted, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  const accepted = (acceptEncoding ?? "")
    .split(",")
    .map((part) => part.trim().split(";"))
    .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
    .map(([name]) => name!.trim().toLowerCase());
  if (accepted.includes("br")) return "br";
  if (accepted.includes("gzip")) return "gzip";
  return undefined;
}
