import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { BACKGROUND_JOBS } from "./jobs";

const root = path.resolve(import.meta.dirname, "../..");

test("every periodic job names what keeps it once across instances, and a test of its pass that exists", () => {
  expect(new Set(BACKGROUND_JOBS.map((job) => job.name)).size).toBe(BACKGROUND_JOBS.length);
  expect(new Set(BACKGROUND_JOBS.map((job) => job.option)).size).toBe(BACKGROUND_JOBS.length);
  for (const job of BACKGROUND_JOBS) {
    expect(job.once.length, job.name).toBeGreaterThan(20);
    expect(fs.existsSync(path.join(root, job.testedIn)), `${job.name}: ${job.testedIn}`).toBe(true);
  }
});

test("the server starts every listed job", () => {
  const started = fs.readFileSync(path.join(root, "src/server/index.ts"), "utf8");
  for (const job of BACKGROUND_JOBS) expect(started, job.option).toMatch(new RegExp(`${job.option}: true`));
});
