import { checkAndShootEverySize, expectNoSeriousAxeViolations } from "./a11y-helpers";
import { freshIp, seedCompany, type SeededCompany } from "./automation-fixtures";
import { expect, mailsFor, SCREENSHOT_DIR, signInPage, staffAccount, test } from "./fixtures";
import type { Browser, Page } from "@playwright/test";

let seeded: SeededCompany;

test.beforeAll(async () => {
  seeded = await seedCompany("support", ["Invoice sync", "Lead routing"]);
});

async function signIn(page: Page, email: string, password: string, landing = "/secure-dashboard") {
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
  await signInPage(page, email, password, { landing });
}

async function staffPage(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  const { email, password } = staffAccount();
  await signIn(page, email, password, "/admin");
  return page;
}

async function expectAxeClean(page: Page) {
  await expect(page.getByText("Loading...")).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, { tags: "axe-defaults" });
}

// Axe runs on each picture too: every size and theme is checked, not only the first.
const shoot = (page: Page, name: string) => checkAndShootEverySize(page, SCREENSHOT_DIR, `support-${name}`);

const statusOf = (page: Page) => page.getByLabel("Ticket status");

test("a broken run, from the client's report to resolution and reopening", async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  // The client reports a problem on a failed run: a ticket linked to the run.
  await signIn(page, seeded.email, seeded.password);
  await page.goto(`/my-automations/${seeded.automations[0]!.id}?status=failed`);
  const runs = page.getByRole("list", { name: "Runs" }).getByRole("listitem");
  await runs
    .first()
    .getByRole("button", { name: /Report a problem/ })
    .click();
  await page.getByLabel("What went wrong?").fill("The invoice of ACME is missing in the ledger.");
  await page.getByRole("button", { name: "Send report" }).click();
  await page.getByRole("link", { name: "Open the ticket" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Problem with Invoice sync" })).toBeVisible();
  const ticketUrl = page.url();
  await expect(page.getByRole("region", { name: "Linked run" })).toContainText("failed");
  await expect(statusOf(page)).toContainText("Open");

  // Staff find it in the queue with its client, see the run, add an internal note and reply.
  const staff = await staffPage(browser);
  await staff.goto("/admin/tickets");
  await staff.getByLabel("Client").selectOption({ label: seeded.companyName });
  // Other specs report problems on their own "Invoice sync": the filter leaves this client's one.
  const ticketLink = staff.getByRole("link", { name: "Problem with Invoice sync" });
  await expect(ticketLink).toHaveCount(1);
  await ticketLink.click();
  await expect(staff.getByRole("region", { name: "Linked run" })).toContainText("Invoice sync");
  await staff.getByRole("checkbox", { name: "Internal note" }).check();
  await staff.getByLabel("Internal note (only the agency sees it)").fill("INTERNAL: the ledger token expired.");
  await staff.getByRole("button", { name: "Add internal note" }).click();
  await expect(staff.getByText("Internal note, not shown to the client")).toBeVisible();
  await staff.getByRole("checkbox", { name: "Internal note" }).uncheck();
  await staff.getByLabel("Your reply").fill("We renewed the ledger access; please check today's invoices.");
  await staff.getByRole("button", { name: "Send reply" }).click();
  await expect(statusOf(staff)).toContainText("Waiting on client");
  await expectAxeClean(staff);
  await shoot(staff, "staff-ticket");

  // The client gets the email (never the internal note) and replies in the portal.
  await expect
    .poll(async () => (await mailsFor(request, seeded.email)).filter((m) => m.kind === "ticket-notice").length)
    .toBeGreaterThan(0);
  const notice = (await mailsFor(request, seeded.email)).find((m) => m.kind === "ticket-notice")!;
  expect(notice.text).toContain("We renewed the ledger access");
  expect(notice.text).toContain("reply in the portal");
  expect(notice.text).not.toContain("INTERNAL");
  await page.goto(ticketUrl);
  await expect(page.getByText("We renewed the ledger access")).toBeVisible();
  await expect(page.getByText("INTERNAL")).toHaveCount(0);
  await page.getByLabel("Your reply").fill("Today's invoices are there, thank you.");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(statusOf(page)).toContainText("Waiting on agency");

  // Staff resolve; the client's reply reopens it.
  await staff.reload();
  await staff.getByLabel("Status", { exact: true }).selectOption("resolved");
  await expect(statusOf(staff)).toContainText("Resolved");
  await page.reload();
  await expect(statusOf(page)).toContainText("Resolved");
  await page.getByLabel("Your reply").fill("It stopped again this morning.");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(statusOf(page)).toContainText("Waiting on agency");
  expect(page.url()).toBe(ticketUrl);
  await expectAxeClean(page);
  await shoot(page, "client-ticket");

  await page.goto("/support");
  await expect(page.getByRole("list", { name: "Tickets" })).toContainText("Problem with Invoice sync");
  await page.getByRole("button", { name: "New ticket" }).click();
  await page.getByLabel("Which automation?").selectOption({ label: "Invoice sync" });
  await expect(page.getByLabel("Which run?")).toBeEnabled();
  await expectAxeClean(page);
  await shoot(page, "client-list");

  await staff.goto("/admin/tickets");
  await expectAxeClean(staff);
  await shoot(staff, "staff-queue");
  await staff.getByRole("button", { name: "SLA targets" }).click();
  await expect(staff.getByLabel("First response, urgent (minutes)")).toHaveValue(/\d+/);
  await expectAxeClean(staff);
  await shoot(staff, "sla-targets");
  await staff.keyboard.press("Escape");
  await staff.goto("/admin");
  await expect(staff.getByRole("region", { name: "SLA breaches" })).toBeVisible();
  await staff.context().close();
});
