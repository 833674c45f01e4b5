import { and, eq } from "drizzle-orm";
import { formatInvoiceMoney } from "../../../shared/billing-labels";
import { user } from "../../db/schema/auth";
import { companyMember } from "../../db/schema/companies";
import { layout, type MailContent } from "../../mail/layout";
import type { TInvoice } from "../../../shared/billing";
import type { UsageMetric } from "../../../shared/billing-labels";
import type { Database } from "../../db/client";

/** Where a company's billing mail goes: its owner (the one who can pay and change the plan). */
export async function billingRecipients(db: Pick<Database, "select">, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ email: user.email })
    .from(companyMember)
    .innerJoin(user, eq(user.id, companyMember.userId))
    .where(and(eq(companyMember.companyId, companyId), eq(companyMember.role, "owner")));
  return rows.map((row) => row.email);
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "");

/** The outbox's source name for an invoice's PDF, rendered at delivery (runtime.ts wires it). */
export const INVOICE_PDF_SOURCE = "invoice-pdf";

export function invoiceIssuedMail(data: TInvoice, appUrl: string): MailContent {
  return {
    ...layout({
      kind: "invoice-issued",
      subject: `Invoice ${data.number} from ${data.payTo.issuer}`,
      intro: `Your invoice ${data.number} for ${formatInvoiceMoney(data.totalMinor, data.currency)} is attached as a PDF.`,
      details: [
        ["Amount due", formatInvoiceMoney(data.totalMinor, data.currency)],
        ["Due by", day(data.dueAt)],
        ...(data.payTo.iban
          ? ([["Pay to", `${data.payTo.payee ?? data.payTo.issuer}, IBAN ${data.payTo.iban}`]] as const)
          : []),
      ],
      action: { label: "See your invoices", url: `${appUrl}/billing` },
      outro: `Please quote ${data.number} with your payment.`,
    }),
    attachments: [
      {
        filename: `invoice-${data.number}.pdf`,
        contentType: "application/pdf",
        source: INVOICE_PDF_SOURCE,
        ref: data.id,
      },
    ],
  };
}

/** A credit note: what it takes off which invoice, with its PDF. */
export function creditNoteMail(data: TInvoice, appUrl: string): MailContent {
  const credit = formatInvoiceMoney(-data.totalMinor, data.currency);
  return {
    ...layout({
      kind: "credit-note",
      subject: `Credit note ${data.number} from ${data.payTo.issuer}`,
      intro: `Credit note ${data.number} takes ${credit} off invoice ${data.corrects?.number ?? ""}; it is attached as a PDF.`,
      details: [
        ["Credit", credit],
        ["Corrects", data.corrects?.number ?? ""],
      ],
      action: { label: "See your invoices", url: `${appUrl}/billing` },
      outro: "Keep it with the invoice it corrects for your books.",
    }),
    attachments: [
      {
        filename: `credit-note-${data.number}.pdf`,
        contentType: "application/pdf",
        source: INVOICE_PDF_SOURCE,
        ref: data.id,
      },
    ],
  };
}

/** An invoice Stripe charged to the card on file: nothing to pay, the PDF for the books. */
export function invoicePaidByCardMail(data: TInvoice, appUrl: string): MailContent {
  const issued = invoiceIssuedMail(data, appUrl);
  return {
    ...layout({
      kind: "invoice-issued",
      subject: `Invoice ${data.number} from ${data.payTo.issuer}, paid by card`,
      intro: `Your invoice ${data.number} for ${formatInvoiceMoney(data.totalMinor, data.currency)} was paid by card; it is attached as a PDF.`,
      details: [["Paid", formatInvoiceMoney(data.paidAmountMinor ?? data.totalMinor, data.currency)]],
      action: { label: "See your invoices", url: `${appUrl}/billing` },
      outro: "There is nothing to pay. The owner of your company manages the card on the billing page.",
    }),
    attachments: issued.attachments,
  };
}

export function invoiceReminderMail(
  data: { number: string; totalMinor: number; currency: string; dueAt: Date },
  daysOverdue: number,
  appUrl: string,
): MailContent {
  return layout({
    kind: "invoice-reminder",
    subject: `Reminder: invoice ${data.number} is ${daysOverdue} days overdue`,
    intro: `Invoice ${data.number} for ${formatInvoiceMoney(data.totalMinor, data.currency)} was due on ${data.dueAt.toISOString().slice(0, 10)} and is not marked paid yet.`,
    action: { label: "See your invoices", url: `${appUrl}/billing` },
    outro: "If you have paid it in the meantime, thank you, and please ignore this reminder.",
  });
}

const USAGE_LABELS: Record<UsageMetric, string> = {
  runs: "runs",
  automations: "automations",
  requests: "automation requests",
};

/** 80 % or 100 % of a plan limit. Runs and automations are never blocked; requests past the limit wait for next month. */
export function usageMail(
  metric: UsageMetric,
  threshold: number,
  used: number,
  limit: number,
  appUrl: string,
): MailContent {
  const label = USAGE_LABELS[metric];
  const consequence =
    metric === "requests"
      ? `${threshold >= 100 ? "New requests wait until next month; " : ""}your automations keep running as before.`
      : "Nothing is blocked: everything keeps running and is recorded, and the overage shows on your billing page.";
  return layout({
    kind: "usage-limit",
    subject:
      threshold >= 100
        ? `You have reached your plan's ${label} limit`
        : `You have used ${threshold} % of your plan's ${label}`,
    intro: `${metric === "requests" ? "This month" : "This period"} you have used ${used} of the ${limit} ${label} your plan includes. ${consequence}`,
    action: { label: "See your usage", url: `${appUrl}/billing` },
    outro: "If you need more, the owner of your company can change plan on the same page.",
  });
}

/** Staff accounts: the agency, told of every change to what a client pays. */
export async function agencyRecipients(db: Pick<Database, "select">): Promise<string[]> {
  const rows = await db.select({ email: user.email }).from(user).where(eq(user.role, "admin"));
  return rows.map((row) => row.email);
}

/**
 * A change to a company's subscription (plan, trial, cancellation), told to the owner and to the
 * agency in the change's transaction. `sentence` is what was confirmed or decided.
 */
export function subscriptionChangeMails(input: {
  companyId: string;
  companyName: string;
  subject: string;
  /** The agency's subject, which names the company: "Plan change: Acme". */
  agencySubject: string;
  sentence: string;
  by: "owner" | "staff";
  appUrl: string;
}): { owner: MailContent; agency: MailContent } {
  const who = input.by === "owner" ? "your company's owner" : "the agency";
  return {
    owner: layout({
      kind: "subscription-changed",
      subject: input.subject,
      intro: `${input.sentence}. This was done by ${who}.`,
      action: { label: "See your next invoice", url: `${input.appUrl}/billing` },
      outro: "If this is not what you expected, reply to this email or open a billing ticket in the portal.",
    }),
    agency: layout({
      kind: "subscription-changed",
      subject: `${input.agencySubject}: ${input.companyName}`,
      intro: `${input.companyName}: ${input.sentence}. Done by ${input.by === "owner" ? "the client's owner" : "staff"}.`,
      action: { label: "Open the client's billing", url: `${input.appUrl}/clients/${input.companyId}?tab=billing` },
      outro: "The change is in the audit log.",
    }),
  };
}
