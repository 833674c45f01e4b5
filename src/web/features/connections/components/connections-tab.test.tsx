// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, type FakeCall } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { ConnectionsTab } from "./connections-tab";
import type { TConnection } from "../../../../shared/connections";

const COMPANY_ID = "3c1f6a2e-5b7d-4e8f-9a10-2b3c4d5e6f70";
const CONNECTION_ID = "9d2e4f6a-8b0c-4d1e-9f2a-3b4c5d6e7f80";
const AUTOMATION_ID = "6f1c2a4e-8b1d-4c39-9a57-0d2e4b6f8a10";
const failing: TConnection = {
  id: CONNECTION_ID,
  platform: "n8n",
  name: "Agency n8n",
  baseUrl: "https://n8n.example.com",
  apiKeyLast4: "wxyz",
  health: "unauthorized",
  lastError: "n8n refused the API key (401).",
  lastSyncedAt: "2026-11-26T09:00:00.000Z",
  failingSince: "2026-11-26T09:05:00.000Z",
  linkedWorkflows: 0,
  createdAt: "2026-11-20T09:00:00.000Z",
};

function renderTab(connections: TConnection[]) {
  const calls = fakeApi({
    listConnections: { body: { connections } },
    listWorkflows: {
      body: { workflows: [{ id: "12", name: "Invoice filing", active: true, tags: ["finance"], link: null }] },
    },
    listCompanyAutomations: { body: { automations: [] } },
    testConnection: ({ body }) =>
      (body as { apiKey: string }).apiKey === "n8n_right_key_1234"
        ? { body: { health: "ok", message: "n8n answered.", workflowCount: 3 } }
        : { body: { health: "unauthorized", message: "n8n refused the API key (401).", workflowCount: null } },
    createConnection: {
      status: 201,
      body: { ...failing, health: "ok", lastError: null, failingSince: null, apiKeyLast4: "1234" },
    },
    linkWorkflow: {
      status: 201,
      body: {
        id: "1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d",
        connectionId: CONNECTION_ID,
        automationId: AUTOMATION_ID,
        workflowId: "12",
        workflowName: "Invoice filing",
        lastSyncedAt: null,
      },
    },
  });
  renderScreen([{ path: "/clients/:id", element: <ConnectionsTab companyId={COMPANY_ID} companyName="Acme Ltd" /> }], {
    at: `/clients/${COMPANY_ID}`,
  });
  return { calls, user: userEvent.setup() };
}

const writes = (calls: FakeCall[]) =>
  calls.filter((call) => call.method !== "GET").map(({ operationId, body }) => ({ operationId, body }));

describe("the connections tab of a client", () => {
  it("shows a connection's health, last error, last sync and only the key's last 4 characters", async () => {
    renderTab([failing]);
    const card = await screen.findByRole("article", { name: "Agency n8n" });
    expect(card).toHaveTextContent("API key refused");
    expect(card).toHaveTextContent("Last error (failing since");
    expect(card).toHaveTextContent("n8n refused the API key (401).");
    expect(within(card).getByText("…wxyz")).toBeVisible();
    expect(await within(card).findByText("Invoice filing")).toBeVisible();
    expect(within(card).getByText("finance")).toBeVisible();
  });

  it("saves a connection only once Test connection succeeded for the same address and key", async () => {
    const { calls, user } = renderTab([]);
    await user.click(await screen.findByRole("button", { name: "Connect n8n" }));
    const form = screen.getByRole("form", { name: "Connect n8n" });
    const save = within(form).getByRole("button", { name: "Save connection" });
    await user.type(within(form).getByLabelText("Name"), "Agency n8n");
    await user.type(within(form).getByLabelText("Base URL"), "https://n8n.example.com");
    await user.type(within(form).getByLabelText("API key"), "n8n_wrong_key_1234");
    await user.click(within(form).getByRole("button", { name: "Test connection" }));
    expect(await within(form).findByText(/^API key refused: n8n refused the API key/)).toBeVisible();
    expect(save).toBeDisabled();

    await user.clear(within(form).getByLabelText("API key"));
    await user.type(within(form).getByLabelText("API key"), "n8n_right_key_1234");
    expect(within(form).getByText("The address or key changed: test the connection again.")).toBeVisible();
    await user.click(within(form).getByRole("button", { name: "Test connection" }));
    expect(await within(form).findByText("Connected: n8n answered. (3 workflows readable)")).toBeVisible();
    await user.click(save);
    expect(await screen.findByText("Agency n8n is connected.")).toBeVisible();
    expect(writes(calls).at(-1)).toEqual({
      operationId: "createConnection",
      body: { platform: "n8n", name: "Agency n8n", baseUrl: "https://n8n.example.com", apiKey: "n8n_right_key_1234" },
    });
  });

  it("creates an automation from a workflow with its name and trigger prefilled", async () => {
    const { calls, user } = renderTab([{ ...failing, health: "ok", lastError: null, failingSince: null }]);
    await user.click(await screen.findByRole("button", { name: "Create automation from Invoice filing" }));
    expect(screen.getByLabelText("Automation name")).toHaveValue("Invoice filing");
    expect(screen.getByLabelText("Trigger")).toHaveValue("n8n workflow Invoice filing (id 12)");
    await user.click(screen.getByRole("button", { name: "Create and link" }));
    expect(await screen.findByText(/^Invoice filing is linked/)).toBeVisible();
    expect(writes(calls).at(-1)).toMatchObject({
      operationId: "linkWorkflow",
      body: { workflowId: "12", newAutomation: { name: "Invoice filing", platform: "n8n" } },
    });
  });
});
