// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../test/fake-api";
import { renderScreen } from "../../test/render-screen";
import { Component as Support } from "./support";
import { Component as SupportTicket } from "./support-ticket";
import type { TGetTicketResponse } from "../../../shared/support";

const client = {
  user: { id: "u1", email: "ann@acme.test", name: "Ann", role: "client", emailVerified: true },
  company: null,
  secondFactorRequired: false,
  viewingAs: null,
};
const ID = "11111111-1111-4111-8111-111111111111";
const ticket: TGetTicketResponse = {
  id: ID,
  subject: "Invoices missing",
  category: "broken_automation",
  priority: "high",
  status: "waiting_on_client",
  companyId: "22222222-2222-4222-8222-222222222222",
  companyName: "Acme",
  openedByName: "Ann",
  assigneeName: null,
  automationName: null,
  createdAt: "2026-11-20T09:00:00.000Z",
  lastMessageAt: "2026-11-20T10:00:00.000Z",
  sla: { firstResponseDueAt: null, resolutionDueAt: null, paused: true, breached: false, msLeft: null },
  assigneeId: null,
  automationId: null,
  runId: null,
  runSnapshot: null,
  previousTicketId: null,
  resolvedAt: null,
  watchers: [],
  messages: [],
};
const uploadId = (n: number) => `55555555-5555-4555-8555-00000000000${n}`;
const files = [
  new File(["first export\n"], "export-1.txt", { type: "text/plain" }),
  new File(["second export\n"], "export-2.txt", { type: "text/plain" }),
];

describe("files sent with a reply", () => {
  it("each file is uploaded first, as its own bytes, and the reply carries their ids", async () => {
    let n = 0;
    const calls = fakeApi({
      getMe: { body: client },
      getTicket: { body: ticket },
      uploadTicketFile: ({ search }) => ({
        status: 201,
        body: { id: uploadId(++n), fileName: search.get("fileName"), contentType: "text/plain", sizeBytes: 13 },
      }),
      replyToTicket: {
        status: 201,
        body: { id: ID, status: "waiting_on_agency", message: "Reply sent." },
      },
    });
    renderScreen([{ path: "/support/:id", element: <SupportTicket /> }], { at: `/support/${ID}` });
    await userEvent.type(await screen.findByLabelText("Your reply"), "Here are the exports.");
    await userEvent.upload(screen.getByLabelText("Attach files (optional)"), files);
    const chosen = screen.getByRole("list", { name: "Files to send" });
    expect(
      within(chosen)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining("export-1.txt"), expect.stringContaining("export-2.txt")]);
    await userEvent.click(screen.getByRole("button", { name: "Send reply" }));
    expect(await screen.findByText("Reply sent.")).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === "POST");
    expect(posts.map((call) => `${call.path}${call.query}`)).toEqual([
      "/api/tickets/uploads?fileName=export-1.txt",
      "/api/tickets/uploads?fileName=export-2.txt",
      `/api/tickets/${ID}/messages`,
    ]);
    expect(posts[2]!.body).toMatchObject({ body: "Here are the exports.", uploadIds: [uploadId(1), uploadId(2)] });
    // No file goes base64 inside the JSON any more.
    expect(posts[2]!.body).toMatchObject({ attachments: [] });
  });

  it("a refused upload shows its reason beside the file and above the form, and the reply is not sent", async () => {
    const full = "These files (13 KB) do not fit in the company's file storage of 1 GB: 1 GB is already used.";
    const calls = fakeApi({
      getMe: { body: client },
      getTicket: { body: ticket },
      uploadTicketFile: ({ search }) =>
        search.get("fileName") === "export-1.txt"
          ? {
              status: 201,
              body: { id: uploadId(1), fileName: "export-1.txt", contentType: "text/plain", sizeBytes: 13 },
            }
          : { status: 413, body: { message: full, code: "PAYLOAD_TOO_LARGE", reason: "storage-quota" } },
    });
    renderScreen([{ path: "/support/:id", element: <SupportTicket /> }], { at: `/support/${ID}` });
    await userEvent.type(await screen.findByLabelText("Your reply"), "Here are the exports.");
    await userEvent.upload(screen.getByLabelText("Attach files (optional)"), files);
    await userEvent.click(screen.getByRole("button", { name: "Send reply" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(full);
    const [first, second] = within(screen.getByRole("list", { name: "Files to send" })).getAllByRole("listitem");
    expect(first).toHaveTextContent("Uploaded");
    expect(second).toHaveTextContent(`Not uploaded: ${full}`);
    expect(calls.some((call) => call.path.endsWith("/messages"))).toBe(false);
    // Sent again, the file already uploaded is not sent twice.
    await userEvent.click(screen.getByRole("button", { name: "Send reply" }));
    await screen.findByRole("alert");
    expect(calls.filter((call) => call.search.get("fileName") === "export-1.txt")).toHaveLength(1);
  });

  it("a new ticket's files are uploaded first too, and the ticket is opened with their ids", async () => {
    const calls = fakeApi({
      getMe: { body: client },
      listTickets: { body: { tickets: [], total: 0, pageSize: 25 } },
      listAutomations: { body: { automations: [] } },
      getCompany: {
        body: {
          company: {
            id: "22222222-2222-4222-8222-222222222222",
            name: "Acme",
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
      uploadTicketFile: {
        status: 201,
        body: { id: uploadId(7), fileName: "export-1.txt", contentType: "text/plain", sizeBytes: 13 },
      },
      createTicket: { status: 201, body: { id: ID, status: "open", message: "Ticket opened." } },
      getTicket: { body: ticket },
    });
    renderScreen([{ path: "/support", element: <Support /> }], { at: "/support" });
    await userEvent.click(await screen.findByRole("button", { name: "New ticket" }));
    await userEvent.type(screen.getByLabelText("Subject"), "Exports");
    await userEvent.type(screen.getByLabelText("What happened, or what do you need?"), "See the export.");
    await userEvent.upload(screen.getByLabelText("Attach files (optional)"), files[0]!);
    await userEvent.click(screen.getByRole("button", { name: "Open the ticket" }));
    await expect
      .poll(() => calls.filter((call) => call.method === "POST").map((call) => call.path))
      .toEqual(["/api/tickets/uploads", "/api/tickets"]);
    const opened = calls.find((call) => call.method === "POST" && call.path === "/api/tickets");
    expect(opened?.body).toMatchObject({ subject: "Exports", uploadIds: [uploadId(7)], attachments: [] });
  });
});
