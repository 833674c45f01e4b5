// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, type FakeAnswer } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { CompanyAutomationsTab } from "./company-automations-tab";
import {
  BASE,
  COMPANY_ID,
  INVOICE_ID,
  KEY_ID,
  LEADS_ID,
  pausedWithoutKey,
  staffAutomation,
} from "./staff-automation-fixtures";

const NEW_KEY = "cwk_Zy9xWv8uTs7rQp6oNm5lKj4iHg3fEd2cBa1ZyXwVuTs";
const ISSUED = {
  id: "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a",
  prefix: NEW_KEY.slice(0, 10),
  createdAt: "2026-03-10T10:00:00Z",
  key: NEW_KEY,
  notice: "Copy this key now: it is shown only once. Any earlier key of this automation no longer works.",
};

function renderTab(answers: Record<string, FakeAnswer>) {
  const calls = fakeApi({
    listCompanyAutomations: { body: { automations: [staffAutomation(), pausedWithoutKey()] } },
    ...answers,
  });
  renderScreen(
    [{ path: "/clients/:id", element: <CompanyAutomationsTab companyId={COMPANY_ID} companyName="Acme Ltd" /> }],
    { at: `/clients/${COMPANY_ID}` },
  );
  const user = userEvent.setup();
  const writes = () => calls.filter((call) => call.method !== "GET").map((call) => `${call.method} ${call.path}`);
  const menu = async (automation: string, item: string) => {
    await user.click(await screen.findByRole("button", { name: `Actions for ${automation}` }));
    await user.click(await screen.findByRole("menuitem", { name: item }));
  };
  return { user, writes, menu };
}

describe("actions on a client's automations", () => {
  it("pauses a live automation and resumes a paused one", async () => {
    const { writes, menu } = renderTab({
      pauseAutomation: { body: staffAutomation({ lifecycleStatus: "paused" }) },
      resumeAutomation: { body: pausedWithoutKey() },
    });
    await menu("Invoice sync", "Pause Invoice sync");
    expect(await screen.findByText("Invoice sync is paused.")).toBeVisible();
    await menu("Lead routing", "Resume Lead routing");
    expect(await screen.findByText("Lead routing is live again.")).toBeVisible();
    expect(writes()).toEqual([`POST ${BASE}/${INVOICE_ID}/pause`, `POST ${BASE}/${LEADS_ID}/resume`]);
  });

  it("retires only after a confirmation that says what happens", async () => {
    const { user, writes, menu } = renderTab({
      retireAutomation: { body: staffAutomation({ lifecycleStatus: "retired" }) },
    });
    await menu("Invoice sync", "Retire Invoice sync");
    let dialog = await screen.findByRole("alertdialog", { name: "Retire Invoice sync?" });
    expect(dialog).toHaveTextContent("Its ingest key stops working and it can't be switched back on.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(writes()).toEqual([]);

    await menu("Invoice sync", "Retire Invoice sync");
    dialog = await screen.findByRole("alertdialog", { name: "Retire Invoice sync?" });
    await user.click(within(dialog).getByRole("button", { name: "Retire Invoice sync" }));
    expect(await screen.findByText("Invoice sync is retired.")).toBeVisible();
    expect(writes()).toEqual([`POST ${BASE}/${INVOICE_ID}/retire`]);
  });

  it("shows a refusal inside the confirmation", async () => {
    const message = "This automation is retired; register a new one instead.";
    const { user, menu } = renderTab({
      retireAutomation: { status: 409, body: { message, code: "CONFLICT" } },
    });
    await menu("Invoice sync", "Retire Invoice sync");
    const dialog = await screen.findByRole("alertdialog", { name: "Retire Invoice sync?" });
    await user.click(within(dialog).getByRole("button", { name: "Retire Invoice sync" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(message);
  });

  it("issues a first key and shows it once, with a copy button and a ready curl example", async () => {
    const { user, writes } = renderTab({ issueIngestKey: { status: 201, body: ISSUED } });
    await user.click(await screen.findByRole("button", { name: "Issue key for Lead routing" }));
    const dialog = await screen.findByRole("dialog", { name: "Ingest key for Lead routing" });
    expect(within(dialog).getByRole("textbox", { name: "Ingest key" })).toHaveValue(NEW_KEY);
    expect(within(dialog).getByRole("textbox", { name: "Ingest key" })).toHaveAttribute("readonly");
    expect(dialog).toHaveTextContent("This key is shown only this once.");
    const example = within(dialog).getByRole("textbox", { name: /report one run with curl/ });
    expect(example).toHaveValue(
      `curl -X POST ${window.location.origin}/api/v1/runs \\\n` +
        `  -H "Authorization: Bearer ${NEW_KEY}" \\\n` +
        '  -H "Content-Type: application/json" \\\n' +
        `  -d '{"externalRunId":"exec-18342","status":"success","startedAt":"2026-01-31T09:30:00Z","finishedAt":"2026-01-31T09:30:42Z","itemsProcessed":12}'`,
    );

    await user.click(within(dialog).getByRole("button", { name: "Copy key" }));
    expect(await navigator.clipboard.readText()).toBe(NEW_KEY);
    expect(await screen.findByText("Key copied")).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Copy example" }));
    expect(await navigator.clipboard.readText()).toContain(`Bearer ${NEW_KEY}`);
    expect(writes()).toEqual([`POST ${BASE}/${LEADS_ID}/keys`]);
  });

  it("tells how to copy by hand when the browser refuses the clipboard", async () => {
    const { user } = renderTab({ issueIngestKey: { status: 201, body: ISSUED } });
    await user.click(await screen.findByRole("button", { name: "Issue key for Lead routing" }));
    const dialog = await screen.findByRole("dialog", { name: "Ingest key for Lead routing" });
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new DOMException("Denied", "NotAllowedError"));
    await user.click(within(dialog).getByRole("button", { name: "Copy key" }));
    expect(await within(dialog).findByRole("status")).toHaveTextContent(
      "Your browser did not let us copy the key. It is selected: press Ctrl+C (⌘C on a Mac) to copy it.",
    );
    expect(within(dialog).getByRole("textbox", { name: "Ingest key" })).toHaveFocus();
  });

  it("rotates the key after a confirmation that the current key stops working at once", async () => {
    const { user, writes, menu } = renderTab({ issueIngestKey: { status: 201, body: ISSUED } });
    await menu("Invoice sync", "Rotate key for Invoice sync");
    const confirm = await screen.findByRole("alertdialog", { name: "Rotate the key for Invoice sync?" });
    expect(confirm).toHaveTextContent("the current key (cwk_Ab3dEf…) stops working at once");
    await user.click(within(confirm).getByRole("button", { name: "Rotate key" }));
    const reveal = await screen.findByRole("dialog", { name: "Ingest key for Invoice sync" });
    expect(within(reveal).getByRole("textbox", { name: "Ingest key" })).toHaveValue(NEW_KEY);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(writes()).toEqual([`POST ${BASE}/${INVOICE_ID}/keys`]);
  });

  it("revokes the key after a confirmation", async () => {
    const { user, writes, menu } = renderTab({
      revokeIngestKey: { body: { revoked: true } },
    });
    await menu("Invoice sync", "Revoke key for Invoice sync");
    const confirm = await screen.findByRole("alertdialog", { name: "Revoke the key for Invoice sync?" });
    expect(confirm).toHaveTextContent("Runs sent with cwk_Ab3dEf… are refused from now on.");
    await user.click(within(confirm).getByRole("button", { name: "Revoke key" }));
    expect(await screen.findByText("The key of Invoice sync is revoked.")).toBeVisible();
    expect(writes()).toEqual([`DELETE ${BASE}/${INVOICE_ID}/keys/${KEY_ID}`]);
  });

  it("offers nothing to change on a retired automation", async () => {
    fakeApi({
      listCompanyAutomations: {
        body: {
          automations: [
            staffAutomation({ lifecycleStatus: "retired", status: "retired", health: null, activeKey: null }),
          ],
        },
      },
    });
    renderScreen(
      [{ path: "/clients/:id", element: <CompanyAutomationsTab companyId={COMPANY_ID} companyName="Acme Ltd" /> }],
      { at: `/clients/${COMPANY_ID}` },
    );
    const row = (await screen.findAllByRole("row"))[1]!;
    expect(row).toHaveTextContent(/Invoice sync.*Retired.*Revoked/);
    expect(within(row).queryByRole("button")).toBeNull();
  });
});
