import { createServer } from "node:net";
import { checkAndShootEverySize, expectNoSeriousAxeViolations } from "./a11y-helpers";
import { signInStaffPage } from "./automation-fixtures";
import { createClientCompany } from "./client-detail-fixtures";
import { expect, SCREENSHOT_DIR, test } from "./fixtures";

test.describe.configure({ timeout: 90_000 });

/** A loopback port that nothing listens on: one the system just gave out, closed again. */
async function closedLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

test("staff see a client's connections tab: the form checks its fields, and an instance that does not answer is unreachable", async ({
  page,
}) => {
  const client = await createClientCompany("connections");
  await signInStaffPage(page);
  await page.goto(`/clients/${client.id}?tab=connections`);
  await expect(page.getByRole("tab", { name: "Connections", selected: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: `No connections for ${client.name} yet` })).toBeVisible();
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "connections-empty");

  await page.getByRole("button", { name: "Connect n8n" }).click();
  const form = page.getByRole("form", { name: "Connect n8n" });
  await expect(form.getByRole("button", { name: "Save connection" })).toBeDisabled();
  await form.getByLabel("Base URL").fill("n8n.example.com");
  await form.getByLabel("API key", { exact: true }).fill("short");
  await form.getByRole("button", { name: "Test connection" }).click();
  await expect(form.getByText("Enter a full address, such as https://n8n.example.com")).toBeVisible();
  await expect(form.getByText("The API key is too short")).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const port = await closedLoopbackPort();
  await form.getByLabel("Name").fill("Office n8n");
  await form.getByLabel("Base URL").fill(`http://127.0.0.1:${port}`);
  await form.getByLabel("API key", { exact: true }).fill("n8n_api_not_listening_1234");
  await form.getByRole("button", { name: "Test connection" }).click();
  await expect(form.getByRole("alert")).toContainText("Unreachable: ");
  await expect(form.getByRole("button", { name: "Save connection" })).toBeDisabled();
  await checkAndShootEverySize(page, SCREENSHOT_DIR, "connections-unreachable");

  await form.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: `No connections for ${client.name} yet` })).toBeVisible();
});
