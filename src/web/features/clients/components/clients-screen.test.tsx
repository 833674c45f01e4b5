// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation, useNavigate } from "react-router";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { ClientsScreen } from "./clients-screen";
import type { TClientRow } from "../../../../shared/clients";

const ROW: TClientRow = {
  id: "7a1f4a36-1b0e-4c53-9f6e-0f4b2c1d9e01",
  name: "Acme Ltd",
  status: "active",
  mainContact: { name: "Ann Zed", email: "ann@acme.test" },
  automationsLive: 3,
  automationsTotal: 4,
  failureRate7d: 0.034,
  hoursSaved30d: 12.5,
  plan: { name: "Growth", status: "past_due" },
  mrrMinor: 99000,
  currency: "EUR",
  openTickets: 2,
  hoursThisPeriod: { usedMinutes: 700, includedMinutes: 600 },
  lastActivityAt: new Date().toISOString(),
};

/** 60 companies, 25 a page; the answer echoes the page asked for. */
const list =
  (total = 60) =>
  ({ search }: { search: URLSearchParams }) => ({
    body: {
      clients: total ? [ROW] : [],
      total,
      page: Number(search.get("page") ?? 1),
      pageSize: 25,
      refreshedAt: "2026-03-10T10:42:00.000Z",
    },
  });

/** Shows where the screen is, and goes Back as the browser's button would. */
function Address() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="Address">{location.pathname + location.search}</output>
      <button onClick={() => void navigate(-1)}>Go back</button>
    </>
  );
}

function open(at: string, answers: Parameters<typeof fakeApi>[0] = {}) {
  const calls = fakeApi({ listCompanies: list(), ...answers });
  renderScreen(
    [
      {
        path: "/clients",
        element: (
          <>
            <ClientsScreen />
            <Address />
          </>
        ),
      },
    ],
    { at },
  );
  const address = () => screen.getByRole("status", { name: "Address" }).textContent;
  const lastQuery = () =>
    calls
      .filter((c) => c.path === "/api/staff/companies")
      .at(-1)
      ?.search.toString();
  return { calls, address, lastQuery, user: userEvent.setup() };
}

const header = (name: string) => screen.getByRole("button", { name: `Sort by ${name}` }).closest("th")!;

describe("the clients screen keeps its view in the address", () => {
  it("reads a shared address: filter, sort, direction and page", async () => {
    const { lastQuery } = open("/clients?status=active&sort=hoursSaved&dir=desc&page=2");
    expect(await screen.findByRole("link", { name: "Acme Ltd" })).toHaveAttribute("href", `/clients/${ROW.id}`);
    expect(lastQuery()).toBe("status=active&sort=hoursSaved&dir=desc&page=2");
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveValue("active");
    expect(header("Hours saved 30 d")).toHaveAttribute("aria-sort", "descending");
    expect(header("Name")).not.toHaveAttribute("aria-sort");
    expect(screen.getByText("Page 2 of 3")).toBeVisible();
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/api/staff/companies/export.csv?status=active&sort=hoursSaved&dir=desc",
    );
    expect(screen.getByText("3.4%")).toBeVisible();
    const row = screen.getByRole("row", { name: /Acme Ltd/ });
    expect(row).toHaveTextContent("GrowthPast due");
    expect(row).toHaveTextContent("€990.00");
    expect(within(row).getByRole("link", { name: "2 open tickets of Acme Ltd" })).toHaveAttribute(
      "href",
      `/admin/tickets?companyId=${ROW.id}`,
    );
    expect(screen.getByRole("columnheader", { name: "Hours used / included" })).toBeVisible();
    expect(row).toHaveTextContent("11h 40m / 10h (over budget)");
    expect(screen.getByText(/Figures as of/)).toBeVisible();
  });

  it("sorts from the headers, flipping the current column, and starts figures biggest first", async () => {
    const { address, lastQuery, user } = open("/clients?page=2");
    await screen.findByRole("link", { name: "Acme Ltd" });
    expect(header("Name")).toHaveAttribute("aria-sort", "ascending");
    await user.click(screen.getByRole("button", { name: "Sort by Name" }));
    expect(address()).toBe("/clients?dir=desc");
    expect(header("Name")).toHaveAttribute("aria-sort", "descending");
    await user.click(screen.getByRole("button", { name: "Sort by Failure rate 7 d" }));
    expect(address()).toBe("/clients?dir=desc&sort=failureRate");
    await waitFor(() => expect(lastQuery()).toBe("sort=failureRate&dir=desc"));
    await user.click(screen.getByRole("button", { name: "Sort by Failure rate 7 d" }));
    expect(address()).toBe("/clients?sort=failureRate");
    await user.click(screen.getByRole("button", { name: "Sort by MRR" }));
    expect(address()).toBe("/clients?sort=mrr&dir=desc");
  });

  it("steps through pages and back; typing a search replaces the step instead of adding one per letter", async () => {
    const { address, lastQuery, user } = open("/clients?status=trial");
    await screen.findByRole("link", { name: "Acme Ltd" });
    await user.type(screen.getByRole("searchbox", { name: "Search clients" }), "ac");
    // The address follows once typing pauses.
    await waitFor(() => expect(address()).toBe("/clients?status=trial&q=ac"));
    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(address()).toBe("/clients?status=trial&q=ac&page=2");
    await waitFor(() => expect(lastQuery()).toBe("q=ac&status=trial&sort=name&dir=asc&page=2"));
    expect(await screen.findByText("Page 2 of 3")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Go back" }));
    expect(address()).toBe("/clients?status=trial&q=ac");
    expect(await screen.findByText("Page 1 of 3")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Go back" }));
    expect(address()).toBe("/clients?status=trial&q=ac");
    expect(screen.getByRole("searchbox", { name: "Search clients" })).toHaveValue("ac");
  });

  it("asks for a search once: spaces typed around it keep the same view", async () => {
    const { calls, address, user } = open("/clients");
    await screen.findByRole("link", { name: "Acme Ltd" });
    await user.type(screen.getByRole("searchbox", { name: "Search clients" }), " acme ");
    await waitFor(() => expect(address()).toBe("/clients?q=+acme+"));
    expect(screen.getByRole("searchbox", { name: "Search clients" })).toHaveValue(" acme ");
    await waitFor(() => expect(calls.at(-1)?.search.get("q")).toBe("acme"));
    const asked = calls.filter((c) => c.path === "/api/staff/companies").map((c) => c.search.get("q"));
    expect(asked.filter((q) => q === "acme")).toHaveLength(1);
  });

  it("says when there is no client yet, and when a search finds none", async () => {
    const { user } = open("/clients", { listCompanies: list(0) });
    expect(await screen.findByRole("heading", { name: "No client companies yet" })).toBeVisible();
    expect(screen.getAllByRole("button", { name: "New client" })).toHaveLength(2);

    await user.type(screen.getByRole("searchbox", { name: "Search clients" }), "zz");
    expect(await screen.findByText("No client matches this search.")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Clear search and filter" }));
    expect(await screen.findByRole("heading", { name: "No client companies yet" })).toBeVisible();
  });

  it("creates a client from the dialog and opens its page", async () => {
    const { calls, user } = open("/clients", {
      createClientCompany: ({ body }) =>
        (body as { name: string }).name === "Taken"
          ? { status: 400, body: { message: "name: Too long", code: "VALIDATION", fields: { name: "Too long" } } }
          : {
              status: 201,
              body: {
                company: { id: ROW.id, name: "Globex", status: "trial", timeZone: "Europe/Berlin" },
                invitation: null,
              },
            },
    });
    await screen.findByRole("link", { name: "Acme Ltd" });
    await user.click(screen.getByRole("button", { name: "New client" }));
    const dialog = screen.getByRole("dialog", { name: "New client" });
    await user.click(within(dialog).getByRole("button", { name: "Create client" }));
    expect(within(dialog).getByText("Required")).toBeVisible();

    await user.type(within(dialog).getByRole("textbox", { name: "Company name" }), "Taken");
    await user.click(within(dialog).getByRole("button", { name: "Create client" }));
    expect(await within(dialog).findByText("Too long")).toBeVisible();

    await user.clear(within(dialog).getByRole("textbox", { name: "Company name" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Company name" }), "Globex");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Time zone" }), "Europe/Berlin");
    await user.click(within(dialog).getByRole("button", { name: "Create client" }));
    expect(await screen.findByRole("heading", { name: `Now at /clients/${ROW.id}` })).toBeVisible();
    expect(calls.filter((c) => c.method === "POST").at(-1)?.body).toEqual({
      name: "Globex",
      timeZone: "Europe/Berlin",
    });
  });
});
