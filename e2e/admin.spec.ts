import { expectNoSeriousAxeViolations } from "./a11y-helpers";
import {
  apiContext,
  csrfHeaders,
  companyIdOf,
  registerAutomationWithRuns,
  seedCompany,
  signInStaff,
  signInStaffPage,
} from "./automation-fixtures";
import { expect, mailsFor, test, SCREENSHOT_DIR } from "./fixtures";
import type { Page } from "@playwright/test";

// Whole journeys on a 2-core machine shared with other work.
test.describe.configure({ timeout: 90_000 });

/** A lead sent through the contact form, as a visitor does. */
async function sendContactMessage(page: Page, lead: { name: string; email: string; company: string }) {
  await page.goto("/contact");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
  const form = page.getByRole("form", { name: "Contact us" });
  await form.getByLabel("Name").fill(lead.name);
  await form.getByLabel("Work email").fill(lead.email);
  await form.getByLabel("Company (optional)").fill(lead.company);
  await form.getByLabel("What should we automate?").fill("Every Friday we retype 40 invoices from the CRM.");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Thank you, your message is on its way")).toBeVisible();
}

test("a lead sent through the contact form is followed up and converted to a client", async ({ page, uniqueEmail }) => {
  const email = uniqueEmail("lead");
  const tag = email.split("@")[0]!;
  const lead = { name: `Dana ${tag}`, email, company: `Example ${tag} GmbH` };
  await sendContactMessage(page, lead);

  // Staff land on the agency dashboard (ADR 0023).
  await signInStaffPage(page);
  await page
    .getByRole("region", { name: "To follow up" })
    .getByRole("link", { name: /New leads/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/leads\?status=new$/);
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search leads" }).fill(email);
  await expect(page).toHaveURL(/q=lead-/);
  const card = page.getByRole("article", { name: new RegExp(lead.name) });
  await expect(card.getByText("Every Friday we retype 40 invoices from the CRM.")).toBeVisible();
  await expect(card.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);

  await card.getByRole("textbox", { name: "Notes" }).fill("Called on Monday; sending a quote.");
  await card.getByRole("button", { name: /Save notes/ }).click();
  await expect(page.getByText(`Notes on ${lead.name}'s lead saved.`)).toBeVisible();
  await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("");
  await expect(page).toHaveURL((url) => !url.searchParams.has("status"));
  await card.getByRole("combobox", { name: `Status of ${lead.name}'s lead` }).selectOption("contacted");
  await expect(page.getByText(`${lead.name}'s lead is now contacted.`)).toBeVisible();
  await page.reload();
  await expect(card.getByRole("combobox", { name: /Status of/ })).toHaveValue("contacted");
  await expect(card.getByRole("textbox", { name: "Notes" })).toHaveValue("Called on Monday; sending a quote.");

  await card.getByRole("button", { name: `Convert to client: ${lead.name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Convert ${lead.name} to a client` });
  await expect(dialog).toContainText(`emails an invitation to join the company's portal to ${email}`);
  await expect(dialog.getByRole("textbox", { name: "Company name" })).toHaveValue(lead.company);
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole("button", { name: "Create client and send invitation" }).click();
  const open = page.getByRole("link", { name: `Open ${lead.company}` });
  await expect(open).toHaveAttribute("href", /^\/clients\/[0-9a-f-]{36}$/);
  await expect(card.getByRole("link", { name: "Open the client made from this lead" })).toBeVisible();
  await expect(card.getByRole("combobox", { name: /Status of/ })).toHaveValue("won");
  await expect(card.getByRole("combobox", { name: /Status of/ })).toBeDisabled();

  await expect
    .poll(async () => (await mailsFor(page.request, email)).map((m) => m.kind))
    .toContain("company-invitation");
  await page.goto("/admin/audit-log");
  await expect(
    page.getByText(`Converted the lead of ${lead.name} (${email}) to the client ${lead.company}`),
  ).toBeVisible();
});

/** A client company with an automation that failed twice in a row (its threshold): Failing. */
async function seedFailingAutomation(tag: string) {
  const seeded = await seedCompany(tag, ["Ledger export", "Stock alerts"]);
  const staff = await signInStaff();
  const companyId = await companyIdOf(seeded.companyName, staff);
  const runs = [1, 2].map((i) => ({
    externalRunId: `fail-${i}`,
    status: "failed",
    startedAt: new Date(Date.now() - (3 - i) * 60_000).toISOString(),
    errorMessage: "The payroll API refused the token.",
  }));
  const { name } = await registerAutomationWithRuns(
    staff,
    companyId,
    {
      name: `Payroll sync ${tag} ${Date.now()}`,
      purpose: "Sends the hours to payroll.",
      platform: "zapier",
      triggerDescription: "Every hour",
      expectedEveryMinutes: 60,
      minutesSavedPerRun: 3,
      status: "live",
      failureThreshold: 2,
    },
    runs,
  );
  await staff.dispose();
  return { companyId, companyName: seeded.companyName, name };
}

test("the dashboard's tiles open their lists, and a failing automation links to its client", async ({ page }) => {
  const { companyId, companyName, name } = await seedFailingAutomation("admin");

  await signInStaffPage(page);
  await page.goto("/admin");
  const tiles = (section: string) => page.getByRole("region", { name: section });
  await expect(tiles("Clients").getByRole("link", { name: /Active/ })).toHaveAttribute(
    "href",
    "/clients?status=active",
  );
  await expect(tiles("Clients").getByRole("link", { name: /On trial/ })).toHaveAttribute(
    "href",
    "/clients?status=trial",
  );
  await expect(tiles("Sign-ups").getByRole("link", { name: /Last 7 days/ })).toHaveAttribute(
    "href",
    "/admin/users?signedUpWithin=7",
  );
  await expect(tiles("Sign-ups").getByRole("link", { name: /Last 30 days/ })).toHaveAttribute(
    "href",
    "/admin/users?signedUpWithin=30",
  );
  await expect(tiles("Automations").getByRole("link", { name: /Runs, last 24 hours/ })).toHaveAttribute(
    "href",
    "/admin/automations?kind=failing",
  );
  await expectNoSeriousAxeViolations(page);

  await tiles("Automations")
    .getByRole("link", { name: /^Failing/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Failing automations" })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("The payroll API refused the token.");
  await expect(row.getByRole("link", { name })).toHaveAttribute("href", `/clients/${companyId}?tab=automations`);
  await expect(row.getByRole("link", { name: companyName })).toHaveAttribute("href", `/clients/${companyId}`);
  await expectNoSeriousAxeViolations(page);

  await page.goto("/admin");
  await tiles("Automations")
    .getByRole("link", { name: /^Stale/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Stale automations" })).toBeVisible();
  await page.goto("/admin");
  await tiles("To follow up")
    .getByRole("link", { name: /Undelivered emails/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Undelivered emails" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.goto("/admin");
  await page.getByRole("link", { name: "Open the audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  // Staff registered the failing automation above: the log (newest first, 50 a page) shows it.
  const registered = page
    .getByRole("list", { name: "Audit log entries" })
    .getByRole("listitem")
    .filter({ hasText: `Registered the automation ${name} (${companyName})` });
  await expect(registered).toBeVisible();
  await expect(registered.getByRole("link", { name: companyName })).toHaveAttribute("href", `/clients/${companyId}`);
  await expectNoSeriousAxeViolations(page);

  const nav = page.getByRole("navigation", { name: "Portal" });
  await nav.getByRole("link", { name: "Leads" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Agency dashboard" }).first()).not.toHaveAttribute("aria-current", "page");
  await expectNoSeriousAxeViolations(page);
});

const SCREENS = [
  ["admin", "/admin", "Agency dashboard"],
  ["admin-client-automations", "/admin/automations?kind=all", "Client automations"],
  ["admin-automations", "/admin/automations?kind=failing", "Failing automations"],
  ["admin-emails", "/admin/emails", "Undelivered emails"],
  ["admin-leads", "/admin/leads", "Leads"],
  ["admin-audit-log", "/admin/audit-log", "Audit log"],
] as const;

test.describe("screenshots", () => {
  test.beforeAll(async () => {
    await seedFailingAutomation("shots");
    const visitor = await apiContext();
    const leads = [
      { name: "Dana Example", company: "Example Logistics GmbH" },
      { name: "Lee Park", company: "Park & Sons Bakery" },
    ];
    for (const { name, company } of leads) {
      const sent = await visitor.post("/api/contact", {
        headers: await csrfHeaders(visitor),
        data: {
          name,
          email: `${name.split(" ")[0]!.toLowerCase()}-${Date.now()}@example.com`,
          company,
          phone: "+49 30 1234 567",
          website: "https://example.com",
          message: "Every Friday we retype 40 invoices from the CRM into accounting. Can you automate that?",
        },
      });
      expect(sent.status()).toBe(201);
    }
    await visitor.dispose();
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    for (const colorScheme of ["light", "dark"] as const) {
      test(`staff console screenshots at ${viewport.width}x${viewport.height}, ${colorScheme}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        await signInStaffPage(page);
        for (const [name, path, heading] of SCREENS) {
          await page.goto(path);
          await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
          await page.waitForLoadState("networkidle");
          await expect(page.getByText("Loading...")).toHaveCount(0);
          await page.screenshot({
            path: `${SCREENSHOT_DIR}${name}-${viewport.width}x${viewport.height}-${colorScheme}.png`,
            fullPage: true,
            animations: "disabled",
          });
        }
        // The conversion dialog, over the inbox.
        await page.goto("/admin/leads?status=new");
        await page
          .getByRole("button", { name: /^Convert to client: / })
          .first()
          .click();
        await expect(page.getByRole("dialog")).toBeVisible();
        await page.screenshot({
          path: `${SCREENSHOT_DIR}admin-leads-convert-${viewport.width}x${viewport.height}-${colorScheme}.png`,
          animations: "disabled",
        });
      });
    }
  }
});
