// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, SERVER_ERROR } from "../../test/fake-api";
import { renderScreen } from "../../test/render-screen";
import { auditEntry, COMPANY_ID, OVERVIEW } from "../../test/staff-fixtures";
import { Component as AdminDashboard } from "./admin";

const AUDIT = {
  entries: [auditEntry(1, { summary: "Changed the status of Acme Ltd from active to paused" })],
  nextCursor: "c2",
};

function open(answers = {}) {
  fakeApi({ getAdminOverview: { body: OVERVIEW }, listAuditLog: { body: AUDIT }, ...answers });
  renderScreen([{ path: "/admin", element: <AdminDashboard /> }], { at: "/admin" });
}

const tile = (section: string, label: RegExp) =>
  within(screen.getByRole("region", { name: section })).getByRole("link", { name: label });

describe("the agency dashboard", () => {
  it("shows each figure as a link to the list behind it", async () => {
    open();
    expect(await screen.findByRole("link", { name: /Active\s*17/ })).toHaveAttribute("href", "/clients?status=active");
    expect(tile("Clients", /On trial\s*6/)).toHaveAttribute("href", "/clients?status=trial");
    expect(tile("Clients", /Churned\s*3\s*of 30 clients/)).toHaveAttribute("href", "/clients?status=churned");
    expect(tile("Sign-ups", /Last 7 days\s*4/)).toHaveAttribute("href", "/admin/users?signedUpWithin=7");
    expect(tile("Sign-ups", /Last 30 days\s*12/)).toHaveAttribute("href", "/admin/users?signedUpWithin=30");
    expect(tile("Automations", /Failing\s*2/)).toHaveAttribute("href", "/admin/automations?kind=failing");
    expect(tile("Automations", /Stale\s*0/)).toHaveAttribute("href", "/admin/automations?kind=stale");
    expect(tile("Automations", /Runs, last 24 hours\s*1,225\s*98% succeeded · 25 failures/)).toHaveAttribute(
      "href",
      "/admin/automations?kind=failing",
    );
    expect(tile("Automations", /Runs, last 7 days\s*8,020/)).toBeVisible();
    expect(tile("To follow up", /New leads\s*5/)).toHaveAttribute("href", "/admin/leads?status=new");
    expect(tile("To follow up", /Undelivered emails\s*1/)).toHaveAttribute("href", "/admin/emails");
    expect(tile("To follow up", /Proposals waiting on clients\s*2/)).toHaveAttribute(
      "href",
      "/admin/plan?category=waiting_on_client",
    );
    expect(tile("To follow up", /Plan items waiting on us\s*1/)).toHaveAttribute(
      "href",
      "/admin/plan?category=waiting_on_agency",
    );
  });

  it("lists the latest changes with who, where from and the company, and links to the audit log", async () => {
    open();
    const entries = await screen.findByRole("list", { name: "Audit log entries" });
    const item = within(entries).getByText("Changed the status of Acme Ltd from active to paused").closest("li")!;
    expect(item).toHaveTextContent("By sam@agency.test · 10 Mar 2026, 09:00 UTC · from 203.0.113.7 · Acme Ltd");
    expect(within(item).getByRole("link", { name: "Acme Ltd" })).toHaveAttribute("href", `/clients/${COMPANY_ID}`);
    // In short on the dashboard: the values before and after are on the audit log's page.
    expect(within(item).queryByText("Status")).toBeNull();
    expect(screen.queryByRole("button", { name: "Show older" })).toBeNull();

    await userEvent.setup().click(screen.getByRole("link", { name: "Open the audit log" }));
    expect(await screen.findByRole("heading", { name: "Now at /admin/audit-log" })).toBeVisible();
  });

  it("says so when the figures cannot be loaded", async () => {
    open({ getAdminOverview: SERVER_ERROR });
    expect(await screen.findByText(SERVER_ERROR.body.message)).toBeVisible();
  });
});
