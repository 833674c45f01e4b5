// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, type FakeCall } from "../../test/fake-api";
import { renderScreen } from "../../test/render-screen";
import { COMPANY_ID, lead } from "../../test/staff-fixtures";
import { Component as Leads } from "./admin-leads";
import type { TLead } from "../../../shared/leads";

const DANA = lead();
const LIST = (leads: TLead[]) => ({ leads, page: 1, pageSize: 20, total: leads.length });

function open(at = "/admin/leads", answers: Parameters<typeof fakeApi>[0] = {}): FakeCall[] {
  let current = DANA;
  const calls = fakeApi({
    listLeads: () => ({ body: LIST([current]) }),
    listLeadMatches: { body: { matches: [] } },
    updateLead: ({ body }) => {
      current = { ...current, ...(body as Partial<TLead>) };
      return { body: current };
    },
    convertLead: ({ body }) => {
      current = { ...current, status: "won", convertedCompanyId: COMPANY_ID };
      const { companyName, existingCompanyId } = body as { companyName?: string; existingCompanyId?: string };
      return {
        status: 201,
        body: {
          company: { id: existingCompanyId ?? COMPANY_ID, name: companyName ?? "Example AG", status: "trial" },
          invitation: { email: DANA.email, expiresAt: "2026-03-17T09:00:00.000Z" },
          lead: current,
        },
      };
    },
    ...answers,
  });
  renderScreen([{ path: "/admin/leads", element: <Leads /> }], { at });
  return calls;
}

const card = async () => screen.findByRole("article", { name: /Dana Example/ });

describe("the leads inbox", () => {
  it("shows each lead's message and contact details, and sends the URL's filters", async () => {
    const calls = open("/admin/leads?status=new&q=invoices");
    const dana = await card();
    expect(within(dana).getByText("Every Friday we retype 40 invoices.")).toBeVisible();
    expect(within(dana).getByRole("link", { name: "dana@example.test" })).toHaveAttribute(
      "href",
      "mailto:dana@example.test",
    );
    expect(within(dana).getByRole("link", { name: "+49 30 1234" })).toHaveAttribute("href", "tel:+49301234");
    expect(screen.getByRole("searchbox", { name: "Search leads" })).toHaveValue("invoices");
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveValue("new");
    expect(calls.find((c) => c.path === "/api/staff/leads")?.query).toBe("?page=1&status=new&q=invoices");
  });

  it("saves a new status at once, and notes on demand", async () => {
    const calls = open();
    const user = userEvent.setup();
    const dana = await card();
    await user.selectOptions(
      within(dana).getByRole("combobox", { name: "Status of Dana Example's lead" }),
      "contacted",
    );
    expect(await screen.findByText("Dana Example's lead is now contacted.")).toBeVisible();
    await user.type(within(dana).getByRole("textbox", { name: "Notes" }), "Called on <b>Monday</b>.");
    await user.click(within(dana).getByRole("button", { name: "Save notes on Dana Example's lead" }));
    expect(await screen.findByText("Notes on Dana Example's lead saved.")).toBeVisible();
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      { status: "contacted" },
      { notes: "Called on Monday." },
    ]);
  });

  it("refuses notes over 2000 characters and sends nothing", async () => {
    const calls = open();
    const user = userEvent.setup();
    const dana = await card();
    const notes = within(dana).getByRole("textbox", { name: "Notes" });
    await user.click(notes);
    await user.paste("x".repeat(2001));
    await user.click(within(dana).getByRole("button", { name: /Save notes/ }));
    expect(await within(dana).findByText("String must contain at most 2000 character(s)")).toBeVisible();
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
  });

  it("converts a lead: the dialog names the email the invitation goes to, then links to the new client", async () => {
    const calls = open();
    const user = userEvent.setup();
    await user.click(within(await card()).getByRole("button", { name: "Convert to client: Dana Example" }));
    const dialog = await screen.findByRole("dialog", { name: "Convert Dana Example to a client" });
    expect(dialog).toHaveTextContent("emails an invitation to join the company's portal to dana@example.test");
    const name = within(dialog).getByRole("textbox", { name: "Company name" });
    expect(name).toHaveValue("Example GmbH");
    await user.clear(name);
    await user.type(name, "Example Logistics GmbH");
    await user.click(within(dialog).getByRole("button", { name: "Create client and send invitation" }));

    const link = await screen.findByRole("link", { name: "Open Example Logistics GmbH" });
    expect(link).toHaveAttribute("href", `/clients/${COMPANY_ID}`);
    expect(calls.find((c) => c.method === "POST" && c.path.endsWith("/convert"))?.body).toEqual({
      companyName: "Example Logistics GmbH",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByRole("link", { name: "Open the client made from this lead" })).toHaveAttribute(
      "href",
      `/clients/${COMPANY_ID}`,
    );
  });

  it("keeps the dialog open with the server's refusal", async () => {
    open("/admin/leads", {
      convertLead: {
        status: 409,
        body: { message: "This lead was already converted to a client.", code: "CONFLICT" },
      },
    });
    const user = userEvent.setup();
    await user.click(within(await card()).getByRole("button", { name: /Convert/ }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Create client and send invitation" }));
    expect(await within(dialog).findByText("This lead was already converted to a client.")).toBeVisible();
  });

  it("offers the company that already holds the lead's account instead of a new one", async () => {
    const calls = open("/admin/leads", {
      listLeadMatches: {
        body: {
          matches: [
            {
              companyId: COMPANY_ID,
              companyName: "Example AG",
              reason: "account",
              detail: "dana@example.test already has an account in Example AG.",
            },
          ],
        },
      },
    });
    const user = userEvent.setup();
    await user.click(within(await card()).getByRole("button", { name: /Convert/ }));
    const dialog = await screen.findByRole("dialog");
    const existing = await within(dialog).findByRole("radio", { name: /Use Example AG/ });
    expect(existing).toBeChecked();
    expect(within(dialog).getByText("dana@example.test already has an account in Example AG.")).toBeVisible();
    expect(within(dialog).queryByRole("textbox", { name: "Company name" })).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Use Example AG and send invitation" }));
    expect(await screen.findByRole("link", { name: "Open Example AG" })).toBeVisible();
    expect(calls.find((c) => c.method === "POST" && c.path.endsWith("/convert"))?.body).toEqual({
      existingCompanyId: COMPANY_ID,
    });
  });

  it("says when nothing matches", async () => {
    open("/admin/leads?status=won", { listLeads: { body: LIST([]) } });
    expect(await screen.findByText("No won leads.")).toBeVisible();
  });
});
