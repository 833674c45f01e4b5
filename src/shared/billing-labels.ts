/** Billing's words, shared by the tables, the API and the screens (ADR 0016). */
export const SUBSCRIPTION_STATUSES = ["trialing", "active", "past_due", "canceled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  trialing: "Trial",
  active: "Active",
  past_due: "Past due",
  canceled: "Canceled",
};
export const BILLING_INTERVALS = ["monthly", "yearly"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
/** `issued` is a credit note's only state once finalized: it is not paid, it reduces what is owed. */
export const INVOICE_STATUSES = ["draft", "open", "paid", "void", "issued"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_KINDS = ["invoice", "credit_note"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const LINE_KINDS = ["plan", "proration", "setup_fee", "one_off", "credit", "hours"] as const;
export type LineKind = (typeof LINE_KINDS)[number];
export const CHARGE_KINDS = ["proration", "setup_fee", "one_off", "hours"] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];
export const USAGE_METRICS = ["runs", "automations", "requests"] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];

/** Days after the due date on which an open invoice's reminders go out; the last also makes the subscription past due. */
export const REMINDER_DAYS = [3, 7, 14] as const;
/** Days a client has to pay a finalized invoice. */
export const PAYMENT_TERM_DAYS = 14;

/** An invoice amount with its cents always shown: "€1,290.00". */
export function formatInvoiceMoney(minor: number, currency: string, locale = "en-IE"): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: 2 }).format(minor / 100);
}

/** "21 %" from 2100 basis points. */
export const formatTaxRate = (bp: number) => `${(bp / 100).toLocaleString("en-IE", { maximumFractionDigits: 2 })} %`;

export const MRR_MOVEMENTS = ["new", "expansion", "contraction", "churn"] as const;
export type MrrMovementKind = (typeof MRR_MOVEMENTS)[number];
