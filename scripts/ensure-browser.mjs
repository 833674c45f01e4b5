// Makes sure a Chromium is available for the browser tests, installing Debian's package
// when we are root on a Debian-like machine, otherwise saying how in one line.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import { chromiumPath } from "./chromium-path.mjs";

const found = chromiumPath();
if (found) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
if (isRoot && hasApt) {
  console.log("Chromium is missing; installing Debian's chromium package for the browser tests…");
  try {
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  } catch {
    // Reported below.
  }
  if (chromiumPath()) process.exit(0);
}
const hint = fs.existsSync("/etc/debian_version")
  ? "sudo apt-get install -y chromium"
  : "install Chromium and set CHROMIUM_PATH=/path/to/chromium";
console.error(`The browser tests need Chromium, which was not found. Install it with: ${hint}`);
process.exit(1);
