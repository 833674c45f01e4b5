import { apiContext, freshIp, signInStaffPage, signUpClient } from "./automation-fixtures";
import { expect, pathOf, readLink, signInPage, test } from "./fixtures";

// One whole onboarding, staff and client side by side, on a busy two-core machine.
test.describe.configure({ timeout: 150_000 });

async function postRun(key: string, run: Record<string, unknown>) {
  const api = await apiContext();
  const answer = await api.post("/api/v1/runs", { data: run, headers: { authorization: `Bearer ${key}` } });
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  await api.dispose();
}

test("a new agency onboards a client and its first automation in the browser, with no curl", async ({ browser }) => {
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1000)}`;
  const companyName = `Onboarded ${stamp} Ltd`;
  const clientEmail = `owner-${stamp}@onboarded.test`;
  const clientPassword = "client-password-1";
  const automationName = `Invoice sync ${stamp}`;
  const staffPage = await (await browser.newContext()).newPage();
  const clientPage = await (await browser.newContext()).newPage();

  // Staff create the company and invite its first user in one step.
  await signInStaffPage(staffPage);
  await staffPage.goto("/clients");
  await staffPage.getByRole("button", { name: "New client" }).first().click();
  const newClient = staffPage.getByRole("dialog", { name: "New client" });
  await newClient.getByLabel("Company name").fill(companyName);
  await newClient.getByLabel("First user's email (optional)").fill(clientEmail);
  await newClient.getByRole("button", { name: "Create client" }).click();
  await expect(staffPage).toHaveURL(/\/clients\/[0-9a-f-]{36}/);
  await expect(staffPage.getByRole("heading", { level: 1, name: companyName })).toBeVisible();
  const clientUrl = new URL(staffPage.url()).pathname;

  // The user signs up, accepts the invitation, and becomes the company's owner.
  (await signUpClient(clientEmail, clientPassword, "Their own")).dispose();
  await clientPage.context().setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
  await signInPage(clientPage, clientEmail, clientPassword);
  await clientPage.goto(pathOf(await readLink(clientPage.request, clientEmail, "company-invitation")));
  await clientPage.getByRole("button", { name: "Accept the invitation" }).click();
  await expect(clientPage.getByText(`You joined ${companyName}.`)).toBeVisible();

  // Staff register the automation and issue its key.
  await staffPage.getByRole("tab", { name: "Automations" }).click();
  await staffPage.getByRole("button", { name: "New automation" }).first().click();
  const form = staffPage.getByRole("dialog");
  await form.getByLabel("Name").fill(automationName);
  await form.getByLabel("Purpose").fill("Copies paid invoices into the accounting system.");
  await form.getByLabel("Platform").selectOption("n8n");
  await form.getByLabel("Status").selectOption("live");
  await form.getByLabel("Trigger").fill("Every hour");
  await form.getByLabel("Minutes saved per run").fill("6");
  await form.getByRole("button", { name: "Register automation" }).click();
  await expect(form).toBeHidden();
  await staffPage.getByRole("button", { name: `Issue key for ${automationName}` }).click();
  const reveal = staffPage.getByRole("dialog", { name: `Ingest key for ${automationName}` });
  const key = await reveal.getByLabel("Ingest key").inputValue();
  expect(key.length).toBeGreaterThan(20);
  await expect(reveal.getByLabel("Try it: report one run with curl")).toHaveValue(new RegExp(key));
  await reveal.getByRole("button", { name: "Done, I have copied it" }).click();

  // A run reported with that key appears for the client.
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
  await postRun(key, {
    externalRunId: `${stamp}-ok`,
    status: "success",
    startedAt: minutesAgo(20),
    finishedAt: minutesAgo(19),
  });
  await clientPage.goto("/my-automations");
  await clientPage.getByRole("link", { name: automationName }).click();
  await expect(clientPage.getByRole("list", { name: "Runs" }).getByRole("listitem")).toHaveCount(1);

  // Three failures in a row: staff see it failing on the agency dashboard.
  for (const i of [1, 2, 3]) {
    await postRun(key, {
      externalRunId: `${stamp}-failed-${i}`,
      status: "failed",
      startedAt: minutesAgo(10 - i),
      finishedAt: minutesAgo(9 - i),
      errorMessage: "The accounting system refused the login.",
    });
  }
  await staffPage.goto("/admin");
  await staffPage.getByRole("link", { name: /^Failing/ }).click();
  await expect(staffPage).toHaveURL(/\/admin\/automations\?kind=failing/);
  const failing = staffPage.getByRole("row", { name: new RegExp(automationName) });
  await expect(failing).toContainText(companyName);
  await expect(failing).toContainText("The accounting system refused the login.");

  // View as client: the client's portal, read only.
  await staffPage.goto(clientUrl);
  await staffPage.getByRole("button", { name: /View as client/ }).click();
  await expect(staffPage).toHaveURL(/\/secure-dashboard/);
  const banner = staffPage.getByRole("region", { name: "Viewing as client" });
  await expect(banner).toContainText(`Viewing as ${companyName} — read only`);
  await staffPage.goto("/my-automations");
  await expect(staffPage.getByRole("link", { name: automationName })).toBeVisible();
  await staffPage.getByRole("link", { name: automationName }).click();
  const runs = staffPage.getByRole("list", { name: "Runs" }).getByRole("listitem");
  await expect(runs).toHaveCount(4);
  // Read only: the runs offer no "Report a problem".
  await expect(runs.first().getByRole("button", { name: /Report a problem/ })).toHaveCount(0);
  await banner.getByRole("button", { name: `Exit the view of ${companyName}` }).click();
  await expect(staffPage).toHaveURL(new RegExp(`${clientUrl}$`));
  await expect(banner).toBeHidden();

  await staffPage.context().close();
  await clientPage.context().close();
});
