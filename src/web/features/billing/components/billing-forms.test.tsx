// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi } from "../../../test/fake-api";
import { renderScreen } from "../../../test/render-screen";
import { InvoiceRowActions } from "./invoice-row-actions";
import { IssueInvoiceForm } from "./issue-invoice-form";
import { SubscribeForm } from "./subscribe-form";
import type { TInvoice, TInvoiceSummary } from "../../../../shared/billing";
import type { PlanView } from "../../../../shared/pricing";

const COMPANY = "6b6b6b6b-0000-4000-8000-000000000001";
const INVOICE: TInvoiceSummary = {
  id: "6b6b6b6b-0000-4000-8000-000000000002",
  number: "2026-0012",
  status: "open",
  kind: "invoice",
  companyId: COMPANY,
  companyName: "Acme Ltd",
  currency: "EUR",
  totalMinor: 59290,
  issuedAt: "2026-11-01T09:00:00.000Z",
  dueAt: "2026-11-15T09:00:00.000Z",
  overdue: false,
  paidOn: null,
  createdAt: "2026-11-01T09:00:00.000Z",
};
/** The whole invoice the server answers with, for a summary: one line, 21 % tax. */
const whole = (summary: TInvoiceSummary): TInvoice => ({
  ...summary,
  periodStart: null,
  periodEnd: null,
  lines: [
    { id: "6b6b6b6b-0000-4000-8000-000000000004", kind: "one_off", description: "Extra workshop", amountMinor: 49000 },
  ],
  subtotalMinor: 49000,
  taxRateBp: 2100,
  taxMinor: 10290,
  paidAmountMinor: null,
  paymentReference: null,
  voidReason: null,
  payTo: { issuer: "Cogwork", payee: null, iban: null, bic: null, instructions: null },
  payee: { legalName: "Cogwork", address: "", vatNumber: null, companyNumber: null },
  payer: null,
  corrects: null,
  creditNotes: [],
});
const issued = { invoice: whole({ ...INVOICE, id: "6b6b6b6b-0000-4000-8000-000000000003" }) };
const render = (element: React.ReactNode) => renderScreen([{ path: "/", element }], { at: "/" });

describe("staff's billing forms check what is typed before sending it", () => {
  it("issue an invoice: a missing description and amount are named; 450,50 is sent as 45050 minor units", async () => {
    const calls = fakeApi({
      createInvoice: { status: 201, body: issued },
      addInvoiceLine: { body: issued },
      finalizeInvoice: { body: issued },
    });
    render(<IssueInvoiceForm companyId={COMPANY} currency="EUR" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Issue invoice" }));
    expect(await screen.findAllByText("Required")).toHaveLength(2);
    await user.type(screen.getByLabelText("Amount (EUR, before tax)"), "abc");
    await user.click(screen.getByRole("button", { name: "Issue invoice" }));
    expect(await screen.findByText("Amount must be a number")).toBeVisible();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
    await user.clear(screen.getByLabelText("Amount (EUR, before tax)"));
    await user.type(screen.getByLabelText("Amount (EUR, before tax)"), "450,50");
    await user.type(screen.getByLabelText("Line description"), "Extra workshop");
    await user.click(screen.getByRole("button", { name: "Issue invoice" }));
    expect(await screen.findByText("Invoice 2026-0012 issued and mailed to the owner.")).toBeVisible();
    expect(calls.find((c) => c.path.endsWith("/lines"))?.body).toEqual({
      description: "Extra workshop",
      amountMinor: 45050,
    });
    // The form starts afresh for the next invoice.
    expect(screen.getByLabelText("Amount (EUR, before tax)")).toHaveValue("");
    expect(screen.getByLabelText("Line description")).toHaveValue("");
  });

  it("mark paid: the amount starts at the invoice's total and a nonsense one is refused before sending", async () => {
    const calls = fakeApi({ markInvoicePaid: { body: { invoice: whole(INVOICE) } } });
    render(<InvoiceRowActions invoice={INVOICE} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Mark paid invoice 2026-0012" }));
    const amount = screen.getByLabelText("Amount received (EUR)");
    expect(amount).toHaveValue("592.90");
    await user.clear(amount);
    await user.click(screen.getByRole("button", { name: "Mark paid" }));
    expect(await screen.findByText("Required")).toBeVisible();
    await user.type(amount, "592.90");
    await user.type(screen.getByLabelText("Reference"), "Transfer 8812");
    await user.click(screen.getByRole("button", { name: "Mark paid" }));
    expect(await screen.findByText("Invoice 2026-0012 is paid.")).toBeVisible();
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      amountMinor: 59290,
      reference: "Transfer 8812",
    });
  });

  it("void: a reason is required", async () => {
    const calls = fakeApi({});
    render(<InvoiceRowActions invoice={INVOICE} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Void invoice 2026-0012" }));
    await user.click(screen.getByRole("button", { name: "Void invoice" }));
    expect(await screen.findByText("Required")).toBeVisible();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("put on a plan: a trial longer than 90 days is refused before sending", async () => {
    const calls = fakeApi({});
    const plans = [{ slug: "starter", name: "Starter" }] as PlanView[];
    render(<SubscribeForm companyId={COMPANY} plans={plans} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText("Trial days"));
    await user.type(screen.getByLabelText("Trial days"), "120");
    await user.click(screen.getByRole("button", { name: "Put on plan" }));
    expect(await screen.findByText("Trial days must be at most 90")).toBeVisible();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });
});
