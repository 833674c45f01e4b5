import { afterAll, beforeAll, expect, test } from "vitest";
import { killChildren } from "../../src/server/test/child-process";
import { killDuringIngest, killFiguresLine } from "../kill-during-ingest";
import { startPrivatePostgres, type PrivatePostgres } from "./private-postgres";

let pg: PrivatePostgres;

beforeAll(async () => {
  pg = await startPrivatePostgres(4441);
});

afterAll(async () => {
  killChildren();
  await pg?.remove();
});

test("kill -9 during ingest on PostgreSQL: every acknowledged run is there after a restart", async () => {
  const figures = await killDuringIngest(4403, { url: pg.url });
  console.log(killFiguresLine("PostgreSQL", figures));
  expect(figures.serverErrors).toBe(0);
  expect(figures.acknowledged).toBeGreaterThan(1);
  expect(figures.present).toBe(figures.acknowledged);
});
