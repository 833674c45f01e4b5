// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { staffAutomation } from "../../features/staff-automations/components/staff-automation-fixtures";
import { fakeApi } from "../../test/fake-api";
import { renderScreen } from "../../test/render-screen";
import { Component as ClientDetail } from "./client-detail";
import { dashboard, detail, ID } from "./client-detail.test-data";
import { Component as Clients } from "./clients";
import type { CompanyStatus, TClientRow } from "../../../shared/clients";

/** What the server holds of Acme Ltd: each change below changes it, and each read answers it. */
function acme() {
  const state = { name: "Acme Ltd", status: "active" as CompanyStatus, automationsLive: 2 };
  const row = (): TClientRow => ({
    id: ID,
    name: state.name,
    status: state.status,
    mainContact: { name: "Ann", email: "ann@acme.test" },
    automationsLive: state.automationsLive,
    automationsTotal: 3,
    failureRate7d: null,
    hoursSaved30d: 1,
    plan: null,
    mrrMinor: 0,
    currency: "EUR",
    openTickets: 0,
    lastActivityAt: null,
  });
  const answers = {
    listCompanies: () => ({
      body: { clients: [row()], total: 1, page: 1, pageSize: 25, refreshedAt: null },
    }),
    getClientCompany: () => ({
      body: {
        ...detail,
        company: { ...detail.company, name: state.name, status: state.status },
        counts: { ...detail.counts, automationsLive: state.automationsLive },
      },
    }),
    getClientDashboard: { body: dashboard },
    listCompanyAutomations: () => ({ body: { automations: [staffAutomation({ companyId: ID })] } }),
    updateClientCompany: () => {
      state.name = "Acme Group";
      return { body: { company: { ...detail.company, name: state.name, status: state.status } } };
    },
    pauseAutomation: () => {
      state.automationsLive -= 1;
      return { body: staffAutomation({ companyId: ID, lifecycleStatus: "paused" }) };
    },
  };
  return { answers };
}

const open = (at: string) =>
  renderScreen(
    [
      { path: "/clients", element: <Clients /> },
      { path: "/clients/:id", element: <ClientDetail /> },
    ],
    { at },
  );

describe("a change made on a client's page", () => {
  it("shows in the clients table on the way back, not the name cached before it", async () => {
    const calls = fakeApi(acme().answers);
    open("/clients");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("link", { name: "Acme Ltd" }));
    await user.click(await screen.findByRole("button", { name: "Rename" }));
    const dialog = await screen.findByRole("dialog", { name: "Rename Acme Ltd" });
    const name = within(dialog).getByRole("textbox", { name: "Company name" });
    await user.clear(name);
    await user.type(name, "Acme Group");
    await user.click(within(dialog).getByRole("button", { name: "Rename" }));
    expect(await screen.findByText("Acme Ltd is now called Acme Group.")).toBeVisible();

    await user.click(screen.getByRole("link", { name: "Clients" }));
    expect(await screen.findByRole("link", { name: "Acme Group" })).toBeVisible();
    expect(calls.filter((c) => c.method === "GET" && c.path === "/api/staff/companies")).toHaveLength(2);
  });

  it("updates the page's own counts when one of its automations is paused", async () => {
    fakeApi(acme().answers);
    open(`/clients/${ID}?tab=automations`);
    const user = userEvent.setup();
    expect(await screen.findByText(/2 of 3 automations live/)).toBeVisible();
    await user.click(await screen.findByRole("button", { name: "Actions for Invoice sync" }));
    await user.click(await screen.findByRole("menuitem", { name: "Pause Invoice sync" }));
    expect(await screen.findByText("Invoice sync is paused.")).toBeVisible();
    expect(await screen.findByText(/1 of 3 automations live/)).toBeVisible();
  });
});
