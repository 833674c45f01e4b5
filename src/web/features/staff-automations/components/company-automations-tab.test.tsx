// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, type FakeAnswer, type FakeCall } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { CompanyAutomationsTab } from "./company-automations-tab";
import { BASE, COMPANY_ID, INVOICE_ID, pausedWithoutKey, staffAutomation } from "./staff-automation-fixtures";

function renderTab(answers: Record<string, FakeAnswer | ((r: { body: unknown }) => FakeAnswer)> = {}) {
  const calls = fakeApi({
    listCompanyAutomations: { body: { automations: [staffAutomation(), pausedWithoutKey()] } },
    ...answers,
  });
  renderScreen(
    [{ path: "/clients/:id", element: <CompanyAutomationsTab companyId={COMPANY_ID} companyName="Acme Ltd" /> }],
    { at: `/clients/${COMPANY_ID}` },
  );
  return { calls, user: userEvent.setup() };
}

const writes = (calls: FakeCall[]) =>
  calls.filter((call) => call.method !== "GET").map(({ method, path, body }) => ({ method, path, body }));

describe("the automations tab of a client", () => {
  it("lists each automation with its platform, status, health, last run and key", async () => {
    renderTab();
    const table = await screen.findByRole("table");
    const [, invoice, leads] = within(table).getAllByRole("row");
    expect(invoice).toHaveTextContent(
      /Invoice sync.*n8n.*Live.*OK.*5 minutes ago.*Succeeded.*cwk_Ab3dEf….*Last used 5 minutes ago/,
    );
    expect(leads).toHaveTextContent(/Lead routing.*Make.*Paused.*—.*never/);
    expect(within(leads!).getByRole("button", { name: "Issue key for Lead routing" })).toBeVisible();
    expect(screen.getByRole("region", { name: "Automations of Acme Ltd" })).toBeVisible();
  });

  it("says so when the company has no automation yet", async () => {
    renderTab({ listCompanyAutomations: { body: { automations: [] } } });
    expect(await screen.findByRole("heading", { name: "No automations for Acme Ltd yet" })).toBeVisible();
  });

  it("checks a new automation with the shared rules, shows each field's error and sends nothing", async () => {
    const { calls, user } = renderTab();
    await user.click(await screen.findByRole("button", { name: "New automation" }));
    const dialog = await screen.findByRole("dialog", { name: "New automation" });
    await user.type(within(dialog).getByRole("spinbutton", { name: "Failures before alert" }), "{backspace}0");
    await user.click(within(dialog).getByRole("button", { name: "Register automation" }));
    expect(within(dialog).getByRole("textbox", { name: "Name" })).toHaveAccessibleDescription("Required");
    expect(within(dialog).getByRole("textbox", { name: "Purpose" })).toHaveAccessibleDescription("Required");
    expect(within(dialog).getByRole("spinbutton", { name: "Minutes saved per run" })).toHaveAccessibleDescription(
      "Required",
    );
    expect(within(dialog).getByRole("spinbutton", { name: "Failures before alert" })).toHaveAccessibleDescription(
      "Failures before alert must be at least 1",
    );
    expect(writes(calls)).toEqual([]);
  });

  it("registers a new automation with every field, the schedule in minutes", async () => {
    const { calls, user } = renderTab({
      createAutomation: { status: 201, body: staffAutomation({ name: "Payroll export" }) },
    });
    await user.click(await screen.findByRole("button", { name: "New automation" }));
    const dialog = await screen.findByRole("dialog", { name: "New automation" });
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Payroll export");
    await user.type(within(dialog).getByRole("textbox", { name: "Purpose" }), "Sends hours to payroll.");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Platform" }), "Zapier");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Status" }), "Live");
    await user.type(within(dialog).getByRole("textbox", { name: "Trigger" }), "Every Friday");
    const every = within(dialog).getByRole("spinbutton", { name: /at least one run every/ });
    await user.type(every, "2");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Unit of the expected schedule" }), "days");
    await user.type(within(dialog).getByRole("spinbutton", { name: "Minutes saved per run" }), "45");
    await user.click(within(dialog).getByRole("button", { name: "Register automation" }));
    expect(await screen.findByText("Payroll export is registered for Acme Ltd.")).toBeVisible();
    expect(writes(calls)).toEqual([
      {
        method: "POST",
        path: BASE,
        body: {
          name: "Payroll export",
          purpose: "Sends hours to payroll.",
          platform: "zapier",
          triggerDescription: "Every Friday",
          expectedEveryMinutes: 2880,
          minutesSavedPerRun: 45,
          status: "live",
          failureThreshold: 3,
        },
      },
    ]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the server's field messages beside their fields", async () => {
    const { user } = renderTab({
      createAutomation: {
        status: 400,
        body: { message: "Check the form.", code: "VALIDATION", fields: { name: "Name is taken" } },
      },
    });
    await user.click(await screen.findByRole("button", { name: "New automation" }));
    const dialog = await screen.findByRole("dialog", { name: "New automation" });
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Invoice sync");
    await user.type(within(dialog).getByRole("textbox", { name: "Purpose" }), "Again.");
    await user.type(within(dialog).getByRole("textbox", { name: "Trigger" }), "Hourly");
    await user.type(within(dialog).getByRole("spinbutton", { name: "Minutes saved per run" }), "1");
    await user.click(within(dialog).getByRole("button", { name: "Register automation" }));
    expect(await within(dialog).findByText("Name is taken")).toBeVisible();
    expect(within(dialog).getByRole("textbox", { name: "Name" })).toHaveAttribute("aria-invalid", "true");
  });

  it("edits an automation and sends only the fields that changed", async () => {
    const { calls, user } = renderTab({
      updateAutomation: { body: staffAutomation({ name: "Invoice sync (EU)" }) },
    });
    await user.click(await screen.findByRole("button", { name: "Actions for Invoice sync" }));
    await user.click(await screen.findByRole("menuitem", { name: "Edit Invoice sync" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Invoice sync" });
    expect(within(dialog).getByRole("spinbutton", { name: /at least one run every/ })).toHaveValue(1);
    expect(within(dialog).getByRole("combobox", { name: "Unit of the expected schedule" })).toHaveValue("hours");
    const name = within(dialog).getByRole("textbox", { name: "Name" });
    await user.clear(name);
    await user.type(name, "Invoice sync (EU)");
    const threshold = within(dialog).getByRole("spinbutton", { name: "Failures before alert" });
    await user.clear(threshold);
    await user.type(threshold, "5");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Invoice sync (EU) is saved.")).toBeVisible();
    expect(writes(calls)).toEqual([
      { method: "PATCH", path: `${BASE}/${INVOICE_ID}`, body: { name: "Invoice sync (EU)", failureThreshold: 5 } },
    ]);
  });
});
