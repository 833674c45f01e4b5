// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderScreen } from "../../test/render-screen";
import { auditEntry, COMPANY_ID } from "../../test/staff-fixtures";
import { Component as AuditLog } from "./admin-audit-log";
import { Component as Automations } from "./admin-automations";
import { Component as Emails } from "./admin-emails";
import type { TListAttentionAutomationsResponse, TOutboxEmail } from "../../../shared/admin";

const ATTENTION: TListAttentionAutomationsResponse = {
  kind: "failing",
  automations: [
    {
      company: { id: COMPANY_ID, name: "Acme Ltd" },
      automation: { id: "5b1c2a4e-8b1d-4c39-9a57-0d2e4b6f8a10", name: "Invoice sync" },
      since: "2026-03-10T09:00:00.000Z",
      lastError: "The accounting system refused the login.",
      lastRunAt: "2026-03-10T10:00:00.000Z",
      consecutiveFailures: 4,
      expectedEveryMinutes: 60,
    },
  ],
  page: 1,
  pageSize: 50,
  total: 1,
};

describe("failing and stale automations", () => {
  it("lists each with its client, since when and its last error, linking to the client's automations", async () => {
    const calls = fakeApi({ listAttentionAutomations: { body: ATTENTION } });
    renderScreen([{ path: "/admin/automations", element: <Automations /> }], { at: "/admin/automations?kind=failing" });
    const table = await screen.findByRole("region", { name: "Failing automations" });
    const row = within(table).getAllByRole("row")[1]!;
    expect(within(row).getByRole("link", { name: "Acme Ltd" })).toHaveAttribute("href", `/clients/${COMPANY_ID}`);
    expect(within(row).getByRole("link", { name: "Invoice sync" })).toHaveAttribute(
      "href",
      `/clients/${COMPANY_ID}?tab=automations`,
    );
    expect(row).toHaveTextContent("The accounting system refused the login.");
    expect(row).toHaveTextContent("4 failures in a row");
    expect(calls[0]?.query).toBe("?kind=failing&page=1");

    await userEvent.setup().click(screen.getByRole("link", { name: "Stale" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Stale automations" })).toBeVisible();
    expect(calls.at(-1)?.query).toBe("?kind=stale&page=1");
  });

  it("says when none is failing", async () => {
    fakeApi({ listAttentionAutomations: { body: { ...ATTENTION, automations: [], total: 0 } } });
    renderScreen([{ path: "/admin/automations", element: <Automations /> }], { at: "/admin/automations" });
    expect(await screen.findByRole("heading", { name: "No automation is failing" })).toBeVisible();
  });
});

const EMAIL: TOutboxEmail = {
  id: "7c1c2a4e-8b1d-4c39-9a57-0d2e4b6f8a10",
  to: "hal@initech.test",
  subject: "You are invited to Initech on Cogwork",
  kind: "company-invitation",
  status: "failed",
  attempts: 8,
  lastError: "550 mailbox unavailable",
  createdAt: "2026-03-10T09:00:00.000Z",
};

describe("undelivered emails", () => {
  it("retries an email and lists it no more", async () => {
    let failed = [EMAIL];
    const calls = fakeApi({
      listEmails: () => ({ body: { emails: failed, page: 1, pageSize: 50, total: failed.length } }),
      retryEmail: () => {
        failed = [];
        return { body: { ...EMAIL, status: "pending", attempts: 0 } };
      },
    });
    renderScreen([{ path: "/admin/emails", element: <Emails /> }], { at: "/admin/emails" });
    const table = await screen.findByRole("region", { name: "Undelivered emails" });
    expect(table).toHaveTextContent("550 mailbox unavailable");
    await userEvent.setup().click(within(table).getByRole("button", { name: "Retry the email to hal@initech.test" }));
    expect(await screen.findByText("The email to hal@initech.test is queued to be sent again.")).toBeVisible();
    expect(await screen.findByRole("heading", { name: "Every email was delivered" })).toBeVisible();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([
      `/api/staff/emails/${EMAIL.id}/retry`,
    ]);
  });
});

describe("the audit log", () => {
  it("shows the newest entries and older ones on demand", async () => {
    const calls = fakeApi({
      listAuditLog: ({ search }) =>
        search.get("cursor") === "page-2"
          ? { body: { entries: [auditEntry(2, { summary: "An older change", companyId: null })], nextCursor: null } }
          : { body: { entries: [auditEntry(1, { summary: "The newest change" })], nextCursor: "page-2" } },
    });
    renderScreen([{ path: "/admin/audit-log", element: <AuditLog /> }], { at: "/admin/audit-log" });
    const newest = (await screen.findByText("The newest change")).closest("li")!;
    expect(within(newest).getByText("Status").nextSibling).toHaveTextContent("active → changed to paused");
    await userEvent.setup().click(screen.getByRole("button", { name: "Show older" }));
    expect(await screen.findByText("An older change")).toBeVisible();
    expect(screen.getByText("The newest change")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Show older" })).toBeNull();
    expect(calls.filter((c) => c.path === "/api/staff/audit-log").map((c) => c.query)).toEqual(["", "?cursor=page-2"]);
  });
});
