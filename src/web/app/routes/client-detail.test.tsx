// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderScreen } from "../../test/render-screen";
import { Component as ClientDetail } from "./client-detail";
import { API, dashboard, detail, entry, ID } from "./client-detail.test-data";

/**
 * A confirmation the user reads once the dialog has closed: on a busy machine it can be in the
 * page a moment before the closing dialog stops hiding it, so wait until it is seen.
 */
const confirmationShown = (text: string) =>
  waitFor(() => expect(screen.getByText(text)).toBeVisible(), { timeout: 10_000 });

const open = (tab = "") =>
  renderScreen([{ path: "/clients/:id", element: <ClientDetail /> }], { at: `/clients/${ID}${tab}` });

describe("the client detail screen", () => {
  it("shows the header and, on Overview, the contacts owner first, the hourly value and the client's figures", async () => {
    fakeApi({ getClientCompany: { body: detail }, getClientDashboard: { body: dashboard } });
    open();
    expect(await screen.findByRole("heading", { level: 1, name: "Acme Ltd" })).toBeVisible();
    expect(screen.getByText("Active")).toBeVisible();
    expect(screen.getByText(/2 members · 1 open invitation · 2 of 3 automations live/)).toBeVisible();
    expect(screen.getByRole("link", { name: "Clients" })).toHaveAttribute("href", "/clients");
    expect(screen.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
    const contacts = screen.getAllByRole("link", { name: /@acme\.test$/ }).map((link) => link.textContent);
    expect(contacts).toEqual(["ann@acme.test", "bob@acme.test"]);
    expect(screen.getByText(/€65(\.00)? per hour/)).toBeVisible();
    expect(await screen.findByTestId("runs-month")).toHaveTextContent("42");
  });

  it("opens the tab the address names, and puts the chosen tab in the address", async () => {
    fakeApi({
      getClientCompany: { body: detail },
      listAuditLog: { body: { entries: [], nextCursor: null } },
    });
    open("?tab=members");
    expect(await screen.findByRole("tab", { name: "Members" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByText("Expired")).toBeVisible();
    await userEvent.setup().click(screen.getByRole("tab", { name: "Activity" }));
    expect(await screen.findByText("Nothing recorded yet")).toBeVisible();
  });

  it("removes a member only after a dialog that says what happens", async () => {
    const calls = fakeApi({
      getClientCompany: { body: detail },
      removeMember: { body: { removed: true } },
    });
    open("?tab=members");
    const user = userEvent.setup();
    const removeBob = await screen.findByRole("button", { name: "Remove bob@acme.test" });
    // Only now that the members are shown can the owner's missing Remove button mean anything.
    expect(screen.queryByRole("button", { name: "Remove ann@acme.test" })).not.toBeInTheDocument();
    await user.click(removeBob);
    const dialog = await screen.findByRole("dialog", { name: "Remove bob@acme.test from Acme Ltd?" });
    expect(dialog).toHaveTextContent("Their account stays, without a company");
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Remove from the company" }));
    await confirmationShown("bob@acme.test was removed from Acme Ltd.");
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([`${API}/members/u-bob`]);
  });

  it("makes a member owner, resends and cancels invitations, and keeps a refusal in the dialog", async () => {
    const calls = fakeApi({
      getClientCompany: { body: detail },
      makeOwner: {
        status: 409,
        body: { message: "bob@acme.test is already the owner of Acme Ltd.", code: "CONFLICT" },
      },
      resendInvitation: {
        body: { id: detail.invitations[1]!.id, email: "dan@acme.test", expiresAt: "2099-01-01T00:00:00.000Z" },
      },
      cancelInvitation: { body: { canceled: true } },
    });
    open("?tab=members");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Make owner: bob@acme.test" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Make owner" }));
    expect(
      await within(screen.getByRole("dialog")).findByText("bob@acme.test is already the owner of Acme Ltd."),
    ).toBeVisible();
    expect(calls.find((c) => c.path === `${API}/owner`)?.body).toEqual({ userId: "u-bob" });
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Keep as is" }));

    await user.click(screen.getByRole("button", { name: "Resend invitation to dan@acme.test" }));
    expect(screen.getByRole("dialog")).toHaveTextContent("The link sent before stops working.");
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Send a new link" }));
    await confirmationShown("A new invitation is on its way to dan@acme.test.");

    await user.click(screen.getByRole("button", { name: "Cancel invitation to cat@acme.test" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Cancel the invitation" }));
    await confirmationShown("The invitation to cat@acme.test was canceled.");
  });

  it("shows the status with why it has it, and renames the company from a dialog", async () => {
    const calls = fakeApi({
      getClientCompany: { body: detail },
      getClientDashboard: { body: dashboard },
      updateClientCompany: { body: { company: { ...detail.company, name: "Acme Group" } } },
    });
    open();
    const user = userEvent.setup();
    expect(await screen.findByText("It pays an active plan with no invoice overdue.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Change status" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Rename" }));
    const dialog = await screen.findByRole("dialog", { name: "Rename Acme Ltd" });
    const name = within(dialog).getByRole("textbox", { name: "Company name" });
    await user.clear(name);
    await user.type(name, "Acme Group");
    await user.click(within(dialog).getByRole("button", { name: "Rename" }));
    expect(await screen.findByText("Acme Ltd is now called Acme Group.")).toBeVisible();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ name: "Acme Group" });
  });

  it("lists the activity newest first with before and after, and shows older entries on demand", async () => {
    let page = 0;
    fakeApi({
      getClientCompany: { body: detail },
      listAuditLog: () =>
        ++page === 1
          ? {
              body: {
                entries: [
                  entry(2, {
                    summary: "Changed the status of Acme Ltd from active to paused",
                    before: { status: "active" },
                    after: { status: "paused" },
                  }),
                ],
                nextCursor: "older",
              },
            }
          : { body: { entries: [entry(1, { summary: "Created the client company Acme Ltd" })], nextCursor: null } },
    });
    open("?tab=activity");
    const first = await screen.findByText("Changed the status of Acme Ltd from active to paused");
    const item = first.closest("li")!;
    expect(item).toHaveTextContent("By sam@agency.test");
    expect(item).toHaveTextContent("from 203.0.113.7");
    expect(within(item).getByText("Status").nextSibling).toHaveTextContent("active → changed to paused");
    await userEvent.setup().click(screen.getByRole("button", { name: "Show older" }));
    expect(await screen.findByText("Created the client company Acme Ltd")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Show older" })).not.toBeInTheDocument();
  });

  it("says plainly when there is no such client", async () => {
    fakeApi({
      getClientCompany: { status: 404, body: { message: "There is no such client company.", code: "NOT_FOUND" } },
    });
    open();
    expect(await screen.findByRole("heading", { level: 1, name: "No such client" })).toBeVisible();
    expect(screen.getByRole("link", { name: "See all clients" })).toHaveAttribute("href", "/clients");
  });
});
