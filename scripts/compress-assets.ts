// Writes a Brotli copy (<file>.br) of each compressible built asset, at the highest quality: the
// server sends it to browsers that accept Brotli (about a fifth smaller than gzip), and falls back
// to compressing on the fly with gzip for the rest. Runs after `vite build` and the prerender.
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants } from "node:zlib";

const assetsDir = path.resolve(import.meta.dirname, "../dist/web/assets");
let before = 0;
let after = 0;
for (const name of fs.readdirSync(assetsDir)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = path.join(assetsDir, name);
  const content = fs.readFileSync(file);
  const compressed = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  fs.writeFileSync(`${file}.br`, compressed);
  before += content.length;
  after += compressed.length;
}
console.log(`brotli: ${(before / 1024).toFixed(0)} kB of assets → ${(after / 1024).toFixed(0)} kB`);
