// Writes a Brotli copy (<file>.br) of each compressible built asset and of each page's HTML, at
// the highest quality (too slow to do per request): the server sends it to browsers that accept
// Brotli (about a fifth smaller than gzip), and gzips on the fly for the rest. Runs after
// `vite build` and the prerender.
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

const webDir = path.resolve(import.meta.dirname, "../dist/web");
let before = 0;
let after = 0;
for (const name of fs.readdirSync(webDir, { recursive: true, encoding: "utf8" })) {
  if (!/\.(js|css|svg|json|html)$/.test(name) || name.startsWith(".vite")) continue;
  const file = path.join(webDir, name);
  const content = fs.readFileSync(file);
  const compressed = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  fs.writeFileSync(`${file}.br`, compressed);
  before += content.length;
  after += compressed.length;
}
console.log(`brotli: ${(before / 1024).toFixed(0)} kB of pages and assets → ${(after / 1024).toFixed(0)} kB`);
