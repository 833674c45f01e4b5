// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { UpcomingInvoice } from "./upcoming-invoice";
import type { TUpcomingInvoice } from "../../../../shared/billing";

const invoice = (lines: TUpcomingInvoice["lines"], issuesOn: string | null): TUpcomingInvoice => {
  const subtotalMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0);
  return {
    issuesOn,
    periodStart: issuesOn,
    periodEnd: issuesOn ? "2027-01-01T00:00:00.000Z" : null,
    currency: "EUR",
    lines,
    subtotalMinor,
    taxRateBp: 0,
    taxMinor: 0,
    totalMinor: subtotalMinor,
  };
};

afterEach(cleanup);

describe("the next invoice's extra hours", () => {
  it("a Stripe-paid client sees the hours accruing, charged to the card after the period, without the time awaiting approval", () => {
    render(
      <UpcomingInvoice
        upcoming={invoice(
          [
            {
              kind: "hours",
              description: "Extra hours: 1h × €95.00",
              amountMinor: 9500,
              accruing: { billedBy: "card", awaitingMinutes: 30 },
            },
          ],
          null,
        )}
      />,
    );
    expect(
      screen.getByText("Your card is charged for these extra hours through Stripe after the current period ends."),
    ).toBeVisible();
    const table = screen.getByRole("region", { name: "Next invoice" });
    const row = within(table).getByRole("row", { name: /Extra hours: 1h × €95.00/ });
    expect(row).toHaveTextContent(
      "Accruing: the extra hours so far this period, charged to your card after the period ends. 30m awaiting your approval is not included: it is not billed unless you approve it.",
    );
    expect(row).toHaveTextContent("€95.00");
  });

  it("a manually billed client sees them accruing until the period's invoice, next to the plan line", () => {
    render(
      <UpcomingInvoice
        upcoming={invoice(
          [
            { kind: "plan", description: "Growth plan, December 2026", amountMinor: 49000 },
            {
              kind: "hours",
              description: "Extra hours: 2h × €95.00",
              amountMinor: 19000,
              accruing: { billedBy: "invoice", awaitingMinutes: 0 },
            },
          ],
          "2026-12-01T00:00:00.000Z",
        )}
      />,
    );
    const table = screen.getByRole("region", { name: "Next invoice" });
    const hours = within(table).getByRole("row", { name: /Extra hours: 2h × €95.00/ });
    expect(hours).toHaveTextContent("Accruing: the extra hours so far this period, final when the period ends.");
    expect(hours).not.toHaveTextContent("awaiting");
    expect(within(table).getByRole("row", { name: /Growth plan/ })).not.toHaveTextContent("Accruing");
    expect(screen.queryByText(/charged through Stripe/)).toBeNull();
  });
});
