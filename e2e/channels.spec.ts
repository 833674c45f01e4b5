import http from "node:http";
import { checkAndShootEverySize } from "./a11y-helpers";
import { freshIp, signInStaffPage, signUpClient } from "./automation-fixtures";
import { expect, signInPage, SCREENSHOT_DIR, test } from "./fixtures";
import type { AddressInfo } from "node:net";

/** A Slack-style receiver on this machine: answers 200 "ok" and keeps what it got. */
async function startReceiver() {
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      bodies.push(Buffer.concat(chunks).toString("utf8"));
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/services/T000/B000/e2e`, bodies, close: () => server.close() };
}

test("an owner adds a Slack channel, sends a test and sees it delivered", async ({ page }) => {
  test.setTimeout(90_000);
  const receiver = await startReceiver();
  try {
    const owner = { email: `owner-channels-${Date.now()}@client.test`, password: "client-password-1" };
    await (await signUpClient(owner.email, owner.password, `Client channels ${Date.now()}`)).dispose();
    await page.context().setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
    await signInPage(page, owner.email, owner.password, { next: "/account" });

    await expect(page.getByRole("heading", { name: "Alert channels" })).toBeVisible();
    await expect(page.getByText("No channels yet: add one below.")).toBeVisible();
    const form = page.getByRole("form", { name: "Add a channel" });
    await form.getByLabel("Type").selectOption({ label: "Slack" });
    await form.getByLabel("Name").fill("Ops alerts");
    await form.getByLabel("Address").fill(receiver.url);
    await form.getByRole("button", { name: "Add channel" }).click();
    await expect(page.getByText("The channel “Ops alerts” was added.")).toBeVisible();

    await page.getByRole("button", { name: "Send a test to Ops alerts" }).click();
    const log = page.getByRole("list", { name: "Deliveries to Ops alerts" });
    // The worker polls every second and the log every two while the test waits: well within 20 s on a busy machine.
    await expect(log.getByText("Delivered")).toBeVisible({ timeout: 20_000 });
    await expect(log.getByText(/HTTP 200 in \d+ ms/)).toBeVisible();
    expect(receiver.bodies.map((body) => (JSON.parse(body) as { text: string }).text)).toEqual([
      "Test from Cogwork: Alerts for “Ops alerts” will arrive here.",
    ]);

    await checkAndShootEverySize(page, SCREENSHOT_DIR, "channels-account");
  } finally {
    receiver.close();
  }
});

test("staff see the agency's channels at /admin/notifications", async ({ page }) => {
  await signInStaffPage(page, { next: "/admin/notifications" });
  await expect(page.getByRole("heading", { name: "Alert channels", level: 1 })).toBeVisible();
  await expect(page.getByRole("form", { name: "Add a channel" })).toBeVisible();
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "channels-admin");
});
