// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderScreen } from "../../test/render-screen";
import { Component as Support } from "./support";
import { Component as SupportTicket } from "./support-ticket";
import type { TGetTicketResponse, TTicketSummary } from "../../../shared/support";

const client = {
  user: { id: "u1", email: "ann@acme.test", name: "Ann", role: "client", emailVerified: true },
  company: null,
  secondFactorRequired: false,
  viewingAs: null,
};
const staff = {
  user: { id: "s1", email: "ops@agency.test", name: "Ops", role: "admin", emailVerified: true },
  company: null,
  secondFactorRequired: false,
  viewingAs: null,
};
const ID = "11111111-1111-4111-8111-111111111111";
const MESSAGE_ID = "66666666-6666-4666-8666-666666666666";
const summary: TTicketSummary = {
  id: ID,
  subject: "Invoices missing",
  category: "broken_automation",
  priority: "high",
  status: "waiting_on_client",
  companyId: "22222222-2222-4222-8222-222222222222",
  companyName: "Acme",
  openedByName: "Ann",
  assigneeName: null,
  automationName: "Invoice sync",
  createdAt: "2026-11-20T09:00:00.000Z",
  lastMessageAt: "2026-11-20T10:00:00.000Z",
  sla: { firstResponseDueAt: null, resolutionDueAt: null, paused: true, breached: false, msLeft: null },
};
const detail = (messages: TGetTicketResponse["messages"]): TGetTicketResponse => ({
  ...summary,
  assigneeId: null,
  automationId: "33333333-3333-4333-8333-333333333333",
  runId: "44444444-4444-4444-8444-444444444444",
  runSnapshot: { status: "failed", startedAt: "2026-11-20T08:00:00.000Z", errorMessage: "The shop did not answer." },
  previousTicketId: null,
  resolvedAt: null,
  watchers: [],
  messages,
});
const message = (id: string, kind: "public" | "internal", body: string) => ({
  id,
  side: "staff" as const,
  kind,
  via: "portal" as const,
  authorName: "Ops",
  body,
  createdAt: "2026-11-20T10:00:00.000Z",
  attachments: [],
});

describe("the support screens", () => {
  it("lists the company's tickets, and switching to Mine asks the server for the caller's", async () => {
    const calls = fakeApi({
      getMe: { body: client },
      listTickets: ({ search }) => ({
        body: {
          tickets: search.get("mine") === "true" ? [] : [summary],
          total: search.get("mine") === "true" ? 0 : 1,
          pageSize: 25,
        },
      }),
    });
    renderScreen([{ path: "/support", element: <Support /> }], { at: "/support" });
    const list = await screen.findByRole("list", { name: "Tickets" });
    expect(within(list).getByRole("link", { name: "Invoices missing" })).toHaveAttribute("href", `/support/${ID}`);
    expect(within(list).getByText("Waiting on client")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("tab", { name: "Mine" }));
    expect(await screen.findByText("No tickets of yours")).toBeInTheDocument();
    expect(calls.some((call) => call.path === "/api/tickets" && call.search.get("mine") === "true")).toBe(true);
  });

  it("a new ticket's form refuses an empty subject before sending", async () => {
    const calls = fakeApi({
      getMe: { body: client },
      listTickets: { body: { tickets: [], total: 0, pageSize: 25 } },
      listAutomations: { body: { automations: [] } },
      getCompany: {
        body: {
          company: {
            id: "c0ffee00-0000-4000-8000-000000000001",
            name: "Acme Ltd",
            hourlyValueMinor: 5000,
            currency: "EUR",
            timeZone: "UTC",
            requireSecondFactor: false,
          },
          role: "member",
          members: [],
          invitations: [],
        },
      },
    });
    renderScreen([{ path: "/support", element: <Support /> }], { at: "/support" });
    await userEvent.click(await screen.findByRole("button", { name: "New ticket" }));
    await userEvent.click(screen.getByRole("button", { name: "Open the ticket" }));
    expect(await screen.findAllByText("Required")).not.toHaveLength(0);
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("a plan request from /billing opens a billing ticket prefilled with the plan", async () => {
    const growth = {
      slug: "growth",
      name: "Growth",
      summary: "For a team.",
      monthlyPriceMinor: 129_000,
      yearlyPriceMinor: 1_290_000,
      currency: "EUR",
      includedAutomations: 6,
      monthlyRunAllowance: 50_000,
      supportLevel: "Priority support",
      features: [],
      includedMinutes: 600,
      overageRateMinor: 9500,
      rolloverCapMinutes: 300,
      overageNeedsApproval: false,
    };
    const calls = fakeApi({
      getMe: { body: client },
      listTickets: { body: { tickets: [], total: 0, pageSize: 25 } },
      listAutomations: { body: { automations: [] } },
      listPlans: { body: { plans: [growth] } },
      getCompany: {
        body: {
          company: {
            id: "c0ffee00-0000-4000-8000-000000000001",
            name: "Acme Ltd",
            hourlyValueMinor: 5000,
            currency: "EUR",
            timeZone: "UTC",
            requireSecondFactor: false,
          },
          role: "member",
          members: [],
          invitations: [],
        },
      },
      createTicket: { status: 201, body: { id: ID, status: "open", message: "Ticket opened." } },
    });
    renderScreen(
      [
        { path: "/support", element: <Support /> },
        { path: "/support/:id", element: <p>Ticket opened</p> },
      ],
      { at: "/support?request=plan&plan=growth" },
    );
    expect(await screen.findByRole("textbox", { name: "Subject" })).toHaveValue("Plan: Growth");
    expect(screen.getByRole("combobox", { name: "Category" })).toHaveValue("billing");
    expect(screen.getByRole("textbox", { name: "What happened, or what do you need?" })).toHaveValue(
      "We would like to talk about the Growth plan (€1,290 a month) for our company.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Open the ticket" }));
    expect(await screen.findByText("Ticket opened")).toBeVisible();
    expect(calls.find((call) => call.method === "POST")?.body).toMatchObject({
      subject: "Plan: Growth",
      category: "billing",
    });
  });

  it("a ticket shows its thread and the run it is about; the client's reply is sent", async () => {
    const calls = fakeApi({
      getMe: { body: client },
      getTicket: { body: detail([message(MESSAGE_ID, "public", "Could you check the shop?")]) },
      replyToTicket: {
        status: 201,
        body: { id: ID, status: "waiting_on_agency", message: "Reply sent." },
      },
    });
    renderScreen([{ path: "/support/:id", element: <SupportTicket /> }], { at: `/support/${ID}` });
    expect(await screen.findByRole("heading", { name: "Invoices missing" })).toBeInTheDocument();
    const run = screen.getByRole("region", { name: "Linked run" });
    expect(run).toHaveTextContent("The shop did not answer.");
    expect(within(run).getByRole("link")).toHaveAttribute(
      "href",
      "/my-automations/33333333-3333-4333-8333-333333333333",
    );
    expect(screen.queryByRole("checkbox", { name: "Internal note" })).toBeNull();
    await userEvent.type(screen.getByLabelText("Your reply"), "Done, it works.");
    await userEvent.click(screen.getByRole("button", { name: "Send reply" }));
    expect(await screen.findByText("Reply sent.")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")?.body).toMatchObject({
      body: "Done, it works.",
      internal: false,
    });
  });

  it("a refused reply shows the server's reason in the form, and nothing is thrown", async () => {
    const thrown: unknown[] = [];
    const onRejection = (reason: unknown) => void thrown.push(reason);
    process.on("unhandledRejection", onRejection);
    try {
      fakeApi({
        getMe: { body: client },
        getTicket: { body: detail([message(MESSAGE_ID, "public", "Could you check the shop?")]) },
        replyToTicket: { status: 409, body: { message: "This ticket is closed." } },
      });
      renderScreen([{ path: "/support/:id", element: <SupportTicket /> }], { at: `/support/${ID}` });
      await userEvent.type(await screen.findByLabelText("Your reply"), "Still broken.");
      await userEvent.click(screen.getByRole("button", { name: "Send reply" }));
      expect(await screen.findByRole("alert")).toHaveTextContent("This ticket is closed.");
      // What was typed stays, to be sent again later.
      expect(screen.getByLabelText("Your reply")).toHaveValue("Still broken.");
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(thrown).toEqual([]);
    } finally {
      process.off("unhandledRejection", onRejection);
    }
  });

  it("staff see internal notes marked as such, and may write one", async () => {
    fakeApi({
      getMe: { body: staff },
      getTicket: { body: detail([message(MESSAGE_ID, "internal", "Key expired.")]) },
      staffTicketQueue: { body: { tickets: [], total: 0, pageSize: 25, staff: [] } },
      staffTicketCompanies: { body: { companies: [] } },
      listCannedReplies: { body: { replies: [] } },
    });
    renderScreen([{ path: "/support/:id", element: <SupportTicket /> }], { at: `/support/${ID}` });
    expect(await screen.findByText("Internal note, not shown to the client")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("checkbox", { name: "Internal note" }));
    expect(screen.getByRole("button", { name: "Add internal note" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Handling" })).toBeInTheDocument();
  });
});
