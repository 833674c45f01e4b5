import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { webAppRoutes } from "./web-app";

const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), "cogwork-web-"));
fs.writeFileSync(path.join(webRoot, "index.html"), "<!doctype html><title>Cogwork</title>");
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

test("the automation detail and invitation pages answer 200; unknown shapes 404", async () => {
  const app = webAppRoutes(webRoot);
  const status = async (p: string) => (await app.request(p)).status;
  expect(await status("/my-automations")).toBe(200);
  expect(await status("/my-automations/0b8f2a6e-4c1d-4f7e-9a51-2d3c4b5a6978")).toBe(200);
  expect(await status("/accept-invitation")).toBe(200);
  expect(await status("/my-automations/not-an-id")).toBe(404);
  expect(await status("/my-automations/0b8f2a6e-4c1d-4f7e-9a51-2d3c4b5a6978/extra")).toBe(404);
});
