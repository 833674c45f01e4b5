import fs from "node:fs";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { REPO_ROOT, killChildren } from "../src/server/test/child-process";
import { killDuringIngest, killFiguresLine } from "./kill-during-ingest";

// The embedded database: the killed process leaves its lock file behind, which the next
// server takes over; PGlite must have kept every commit it acknowledged.
const dataDir = path.join(REPO_ROOT, ".tmp", `reliability-kill-${process.pid}`);

afterAll(() => {
  killChildren();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("kill -9 during ingest on the embedded database: every acknowledged run is there after a restart", async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const figures = await killDuringIngest(4402, { dataDir });
  console.log(killFiguresLine("embedded", figures));
  expect(figures.serverErrors).toBe(0);
  expect(figures.acknowledged).toBeGreaterThan(1);
  expect(figures.present).toBe(figures.acknowledged);
});
