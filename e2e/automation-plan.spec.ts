import { expectNoSeriousAxeViolations } from "./a11y-helpers";
import { csrfHeaders, freshIp, signInStaff, signInStaffPage, signUpClient } from "./automation-fixtures";
import { expect, SCREENSHOT_DIR, signInPage, test } from "./fixtures";
import type { TGetPlanItemResponse } from "../src/shared/plan";
import type { APIRequestContext, Page } from "@playwright/test";

const PASSWORD = "client-password-1";

async function signInClient(page: Page, email: string) {
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
  await signInPage(page, email, PASSWORD);
}

async function expectAxeClean(page: Page) {
  await expectNoSeriousAxeViolations(page, { tags: "axe-defaults" });
}

async function staffItem(staff: APIRequestContext, id: string) {
  return (await (await staff.get(`/api/plan/items/${id}`)).json()) as TGetPlanItemResponse;
}

test("from a client's request to a live automation, with promised against measured hours", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const email = `plan-${tag}@client.test`;
  const company = `Plan Client ${tag}`;
  const title = `Copy web orders ${tag}`;
  await (await signUpClient(email, PASSWORD, company)).dispose();
  await signInClient(page, email);

  // The client asks for an automation.
  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Automation plan" }).first().click();
  await expect(page.getByRole("heading", { name: "Your plan is empty" })).toBeVisible();
  await page.getByRole("button", { name: "Request an automation" }).click();
  const form = page.getByRole("form", { name: "Request an automation" });
  await form.getByLabel("A short name for it").fill(title);
  await form.getByLabel("What is the problem?").fill("Every web order is typed into the accounting system by hand.");
  await form.getByLabel("What starts it?").fill("A new order in the shop");
  await form.getByLabel("Which systems are involved?").fill("Shopify, Exact Online");
  await form.getByLabel("How many times a month?").fill("200");
  await form.getByLabel("Minutes by hand each time").fill("4");
  await form.getByLabel("Priority").selectOption("high");
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(/\/automation-plan\/[0-9a-f-]{36}$/);
  const itemId = page.url().split("/").pop()!;
  await expect(page.getByText("With the agency.")).toBeVisible();

  // Staff find it first in their queue and propose.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInStaffPage(staffPage);
  await staffPage.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Plan queue" }).first().click();
  await staffPage.getByRole("link", { name: title }).click();
  await expect(staffPage.getByRole("heading", { name: `${title} · ${company}` })).toBeVisible();
  await staffPage.getByRole("button", { name: "Write a proposal" }).click();
  let dialog = staffPage.getByRole("dialog");
  await dialog.getByLabel("Scope, in plain language").fill("An n8n workflow copies each paid order into Exact Online.");
  await dialog.getByLabel("Hours saved a month").fill("10");
  await dialog.getByLabel("Setup fee").fill("900");
  await dialog.getByLabel("Monthly fee change").fill("49");
  await dialog.getByLabel("Target date").fill("2027-02-15");
  await dialog.getByRole("button", { name: `Send version 1 to ${company}` }).click();
  await expect(staffPage.getByText(`Version 1 sent to ${company}.`)).toBeVisible();

  // The client reads it and asks a question.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Proposal, version 1" })).toBeVisible();
  await page.getByLabel("Your comment").fill("Does this also cover refunds?");
  await page.getByRole("button", { name: "Send comment" }).click();
  await expect(page.getByText("Sent. We will get back to you soon.")).toBeVisible();

  // Staff answer with a revised proposal.
  await staffPage.reload();
  await expect(staffPage.getByText("Does this also cover refunds?")).toBeVisible();
  await staffPage.getByRole("button", { name: "Revise (version 2)" }).click();
  dialog = staffPage.getByRole("dialog");
  await dialog
    .getByLabel("Scope, in plain language")
    .fill("An n8n workflow copies each paid order and refund into Exact Online.");
  await dialog.getByLabel("Hours saved a month").fill("12");
  await dialog.getByLabel("What changed (optional, shown in the history)").fill("Refunds are included.");
  await dialog.getByRole("button", { name: `Send version 2 to ${company}` }).click();
  await expect(staffPage.getByText(`Version 2 sent to ${company}.`)).toBeVisible();

  // The client approves version 2.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Proposal, version 2" })).toBeVisible();
  await page.getByRole("button", { name: "Approve version 2" }).click();
  await expect(page.getByRole("dialog")).toContainText("a setup fee of €900 and €49.00 a month");
  await page.getByRole("dialog").getByRole("button", { name: "Approve version 2" }).click();
  await expect(page.getByText("Thank you! We will start building and keep you posted.")).toBeVisible();
  await expectAxeClean(page);

  // Staff move it to Building: its automation is registered from the proposal.
  await staffPage.reload();
  await staffPage.getByRole("button", { name: "Move to Building" }).click();
  await staffPage.getByRole("dialog").getByRole("button", { name: "Move to Building" }).click();
  await expect(staffPage.getByText(/In progress\. Version 2 approved by/)).toBeVisible();
  await expect(staffPage.getByRole("link", { name: title })).toBeVisible();
  await expectAxeClean(staffPage);

  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "My automations" }).first().click();
  await expect(page.getByRole("link", { name: title })).toBeVisible();

  // Runs arrive with the automation's key; staff switch it on.
  const staff = await signInStaff();
  const building = await staffItem(staff, itemId);
  const issued = await staff.post(
    `/api/staff/companies/${building.companyId}/automations/${building.automation!.id}/keys`,
    {
      headers: await csrfHeaders(staff),
    },
  );
  const { key } = (await issued.json()) as { key: string };
  const now = Date.now();
  const runs = [0, 1, 2].map((i) => ({
    externalRunId: `${tag}-${i}`,
    status: "success",
    startedAt: new Date(now - (i + 1) * 3_600_000).toISOString(),
    minutesSaved: 60,
  }));
  const ingest = await staff.post("/api/v1/runs/batch", {
    data: { runs },
    headers: { authorization: `Bearer ${key}` },
  });
  expect(ingest.ok()).toBe(true);
  await staff.dispose();
  await staffPage.getByRole("button", { name: "Mark live" }).click();
  await staffPage.getByRole("dialog").getByRole("button", { name: "Mark live" }).click();
  await expect(staffPage.getByText(`Live for ${company}.`)).toBeVisible();

  // The client's item is Live and shows promised against measured.
  await page.goto(`/automation-plan/${itemId}`);
  const promise = page.getByRole("heading", { name: "Promised and measured" }).locator("../..");
  await expect(promise).toContainText("12 h a month");
  await expect(promise).toContainText("3 h");
  await expect(promise).toContainText("25% of the promise");
  await expect(page.getByText("Building → Live")).toBeVisible();
  await expectAxeClean(page);
  await staffContext.close();
});

/** A client with items in several states, made through the API, for the screenshots. */
async function seedPlan(tag: string) {
  const email = `plan-shots-${tag}@client.test`;
  const client = await signUpClient(email, PASSWORD, `Shots Client ${tag}`);
  const staff = await signInStaff();
  const request = async (title: string, priority = "normal") => {
    const res = await client.post("/api/plan/items", {
      headers: await csrfHeaders(client),
      data: {
        title,
        problem: "Typed by hand today, twice a day, by two people.",
        triggerDescription: "A new order",
        systems: "Shopify, Exact Online",
        timesPerMonth: 120,
        minutesEach: 5,
        priority,
        wishedDate: "2027-03-01",
      },
    });
    return ((await res.json()) as { id: string }).id;
  };
  const move = async (who: APIRequestContext, side: "plan" | "staff/plan", id: string, data: object) => {
    const res = await who.post(`/api/${side}/items/${id}/transitions`, { headers: await csrfHeaders(who), data });
    if (!res.ok()) throw new Error(`move failed: ${res.status()} ${await res.text()}`);
  };
  const proposal = (hoursPerMonth: number) => ({
    to: "proposed",
    proposal: {
      scope: "An n8n workflow copies each paid order into Exact Online within five minutes.",
      platform: "n8n",
      hoursPerMonth,
      setupFeeMinor: 90_000,
      monthlyFeeChangeMinor: 4_900,
      targetDate: "2027-02-15",
    },
  });
  await request("Route web leads to sales", "high");
  const proposed = await request("Send invoice reminders");
  await move(staff, "staff/plan", proposed, proposal(8));
  await client.post(`/api/plan/items/${proposed}/comments`, {
    headers: await csrfHeaders(client),
    data: { body: "Could it also remind by text message?" },
  });
  await move(staff, "staff/plan", proposed, proposal(9));
  const live = await request("Copy web orders into accounting");
  await move(staff, "staff/plan", live, proposal(10));
  await move(client, "plan", live, { to: "approved", proposalVersion: 1 });
  await move(staff, "staff/plan", live, { to: "building" });
  const item = await staffItem(staff, live);
  const { key } = (await (
    await staff.post(`/api/staff/companies/${item.companyId}/automations/${item.automation!.id}/keys`, {
      headers: await csrfHeaders(staff),
    })
  ).json()) as { key: string };
  const runs = Array.from({ length: 6 }, (_, i) => ({
    externalRunId: `${tag}-${i}`,
    status: "success",
    startedAt: new Date(Date.now() - (i + 1) * 7_200_000).toISOString(),
    minutesSaved: 45,
  }));
  await staff.post("/api/v1/runs/batch", { data: { runs }, headers: { authorization: `Bearer ${key}` } });
  await move(staff, "staff/plan", live, { to: "live" });
  await client.dispose();
  await staff.dispose();
  return { email, proposed, live };
}

test("plan screens at 390 and 1280 px, light and dark, axe clean", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const seeded = await seedPlan(Date.now().toString(36));
  await signInClient(page, seeded.email);
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  await signInStaffPage(staffPage);
  const shots: [Page, string, string][] = [
    [page, "/automation-plan", "client-board"],
    [page, "/automation-plan?view=list", "client-list"],
    [page, `/automation-plan/${seeded.live}`, "client-item-live"],
    [page, `/automation-plan/${seeded.proposed}`, "client-item-proposed"],
    [staffPage, "/admin/plan", "staff-queue"],
    [staffPage, `/admin/plan/${seeded.proposed}`, "staff-item"],
  ];
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    for (const colorScheme of ["light", "dark"] as const) {
      for (const [target, path, name] of shots) {
        await target.setViewportSize(viewport);
        await target.emulateMedia({ colorScheme });
        await target.goto(path);
        await expect(target.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(target.getByText("Loading...")).toHaveCount(0);
        await expectAxeClean(target);
        await target.screenshot({
          path: `${SCREENSHOT_DIR}plan-${name}-${viewport.width}-${colorScheme}.png`,
          fullPage: true,
        });
      }
    }
  }
  await staffContext.close();
});
