// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AttentionCard } from "../../features/dashboard/components/attention-card";
import { fakeApi } from "../../test/fake-api";
import { renderScreen } from "../../test/render-screen";
import { Component as BillingInvoice } from "./billing-invoice";
import { dashboard } from "./client-detail.test-data";
import type { TInvoice } from "../../../shared/billing";

const ID = "5a5a5a5a-0000-4000-8000-000000000001";
const invoice: TInvoice = {
  id: ID,
  number: "2026-0007",
  status: "open",
  kind: "invoice",
  companyId: "5a5a5a5a-0000-4000-8000-000000000002",
  companyName: "Acme Ltd",
  currency: "EUR",
  totalMinor: 59290,
  issuedAt: "2026-11-01T09:00:00.000Z",
  dueAt: "2026-11-15T09:00:00.000Z",
  overdue: true,
  paidOn: null,
  createdAt: "2026-11-01T09:00:00.000Z",
  periodStart: "2026-11-01T00:00:00.000Z",
  periodEnd: "2026-12-01T00:00:00.000Z",
  lines: [
    {
      id: "5a5a5a5a-0000-4000-8000-000000000003",
      kind: "plan",
      description: "Growth plan, November",
      amountMinor: 49000,
    },
  ],
  subtotalMinor: 49000,
  taxRateBp: 2100,
  taxMinor: 10290,
  paidAmountMinor: null,
  paymentReference: null,
  voidReason: null,
  payTo: { issuer: "Cogwork", payee: "Cogwork B.V.", iban: "NL91ABNA0417164300", bic: null, instructions: null },
  payee: {
    legalName: "Cogwork B.V.",
    address: "Herengracht 1\n1015 BA Amsterdam",
    vatNumber: "NL001234567B01",
    companyNumber: "KvK 12345678",
  },
  payer: null,
  corrects: null,
  creditNotes: [],
};
const me = (role: "admin" | "client") => ({
  user: { id: "u1", email: "ann@acme.test", name: "Ann", role, emailVerified: true },
  company:
    role === "client"
      ? { id: invoice.companyId, name: "Acme Ltd", role: "member", status: "active", requireSecondFactor: false }
      : null,
  secondFactorRequired: false,
  viewingAs: null,
});
const open = () =>
  renderScreen([{ path: "/billing/invoices/:id", element: <BillingInvoice /> }], { at: `/billing/invoices/${ID}` });

describe("the printable invoice", () => {
  it("shows a member their company's invoice: lines, tax, total, how to pay, and its PDF", async () => {
    const calls = fakeApi({
      getMe: { body: me("client") },
      getInvoice: { body: { invoice } },
    });
    open();
    expect(await screen.findByRole("heading", { level: 1, name: "Invoice 2026-0007" })).toBeVisible();
    const doc = screen.getByRole("article", { name: "Invoice 2026-0007" });
    expect(within(doc).getByText("Overdue")).toBeVisible();
    const lines = within(doc).getByRole("region", { name: "Invoice lines" });
    expect(within(lines).getByRole("row", { name: /Growth plan, November €490\.00/ })).toBeVisible();
    expect(within(doc).getByText("Tax 21 %").nextSibling).toHaveTextContent("€102.90");
    expect(within(doc).getByText("Total").nextSibling).toHaveTextContent("€592.90");
    expect(within(doc).getByText(/IBAN/)).toHaveTextContent(
      "Pay by bank transfer to Cogwork B.V., IBAN NL91ABNA0417164300",
    );
    expect(screen.getByRole("link", { name: "Download PDF" })).toHaveAttribute(
      "href",
      `/api/billing/invoices/${ID}/pdf`,
    );
    expect(screen.getByRole("button", { name: "Print" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Billing" })).toHaveAttribute("href", "/billing");
    expect(calls.some((c) => c.path.startsWith("/api/staff/"))).toBe(false);
  });

  it("reads any client's invoice through the staff endpoint for staff, and says so when it is not there", async () => {
    fakeApi({
      getMe: { body: me("admin") },
      getStaffInvoice: { status: 404, body: { message: "Invoice not found." } },
    });
    open();
    expect(await screen.findByText("Invoice not found.")).toBeVisible();
  });
});

describe("needs your attention", () => {
  it("lists an unpaid invoice with its amount and due date, overdue ones marked, linking to the invoice", () => {
    renderScreen(
      [
        {
          path: "/",
          element: (
            <AttentionCard
              data={{
                ...dashboard,
                invoicesUnpaid: [
                  {
                    invoiceId: ID,
                    number: "2026-0007",
                    totalMinor: 59290,
                    currency: "EUR",
                    dueAt: invoice.dueAt,
                    overdue: true,
                  },
                ],
              }}
            />
          ),
        },
      ],
      { at: "/" },
    );
    const item = screen.getByRole("link", { name: "Invoice 2026-0007" });
    expect(item).toHaveAttribute("href", `/billing/invoices/${ID}`);
    const line = item.closest("li")!;
    expect(within(line).getByText("Overdue")).toBeVisible();
    expect(line).toHaveTextContent("Invoice 2026-0007€592.90, was due 15 Nov 2026.");
  });
});
