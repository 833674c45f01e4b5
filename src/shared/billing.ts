import { z } from "zod";
import { dayString } from "./automations";
import {
  BILLING_INTERVALS,
  INVOICE_KINDS,
  INVOICE_STATUSES,
  LINE_KINDS,
  SUBSCRIPTION_STATUSES,
  USAGE_METRICS,
} from "./billing-labels";
import { atMost, cleanedText, optionalTextField, plainString, textField } from "./fields";
import { intField } from "./int-field";

const money = (description: string) =>
  z
    .number()
    .int()
    .meta({ description: `${description}, in minor units of currency.` });
const planSlug = plainString(60).regex(/^[a-z0-9-]+$/, "Choose a plan");

export const ZPlanRef = z.object({ slug: z.string(), name: z.string() });

export const ZSubscription = z.object({
  id: z.uuid(),
  plan: ZPlanRef,
  status: z.enum(SUBSCRIPTION_STATUSES),
  interval: z.enum(BILLING_INTERVALS),
  priceMinor: money("The plan's price for one interval"),
  currency: z.string(),
  currentPeriodStart: z.iso.datetime(),
  currentPeriodEnd: z.iso.datetime(),
  trialEndsAt: z.iso.datetime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  scheduledPlan: ZPlanRef.nullable().meta({ description: "A downgrade that applies when the period ends." }),
  provider: z.enum(["manual", "stripe"]),
});
export type TSubscription = z.infer<typeof ZSubscription>;

export const ZUsage = z.object({
  metric: z.enum(USAGE_METRICS),
  used: z.number().int().min(0),
  limit: z.number().int().min(0).nullable().meta({ description: "Null: the plan sets no limit." }),
  percent: z.number().int().min(0).nullable(),
});
export type TUsage = z.infer<typeof ZUsage>;

export const ZInvoiceSummary = z.object({
  id: z.uuid(),
  number: z.string().nullable().meta({ description: "Null for a draft; `2026-0001` once finalized." }),
  status: z.enum(INVOICE_STATUSES),
  kind: z.enum(INVOICE_KINDS).meta({ description: "credit_note: it corrects an invoice; its total is negative." }),
  companyId: z.uuid(),
  companyName: z.string(),
  currency: z.string(),
  totalMinor: money("The total, tax included"),
  issuedAt: z.iso.datetime().nullable(),
  dueAt: z.iso.datetime().nullable(),
  overdue: z.boolean(),
  paidOn: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TInvoiceSummary = z.infer<typeof ZInvoiceSummary>;

export const ZInvoiceLine = z.object({
  id: z.uuid(),
  kind: z.enum(LINE_KINDS),
  description: z.string(),
  amountMinor: money("The line's amount"),
});
export type TInvoiceLine = z.infer<typeof ZInvoiceLine>;

/** A time entry an "Extra hours" line bills (ADR 0033): what the client paid for. */
export const ZInvoiceHoursEntry = z.object({
  day: z.string(),
  description: z.string(),
  by: z.string().nullable(),
  minutes: z.number().int(),
});
export type TInvoiceHoursEntry = z.infer<typeof ZInvoiceHoursEntry>;

export const ZPayTo = z.object({
  issuer: z.string(),
  payee: z.string().nullable(),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  instructions: z
    .string()
    .nullable()
    .meta({ description: "BILLING_PAYMENT_INSTRUCTIONS, printed under the bank details." }),
});

/** A party to an invoice as an accountant reads it: legal name, postal address, tax numbers. */
export const ZLegalParty = z.object({
  legalName: z.string(),
  address: z.string().meta({ description: "Lines separated by newlines." }),
  vatNumber: z.string().nullable(),
  companyNumber: z.string().nullable(),
});
export type TLegalParty = z.infer<typeof ZLegalParty>;

export const ZBillingDetails = ZLegalParty.omit({ companyNumber: true }).extend({ updatedAt: z.iso.datetime() });
export type TBillingDetails = z.infer<typeof ZBillingDetails>;

const addressField = cleanedText(500).pipe(z.string().min(1, "Required").max(500, atMost(500)));
export const ZBillingDetailsRequest = z
  .object({ legalName: textField, address: addressField, vatNumber: optionalTextField })
  .meta({
    example: {
      legalName: "Acme Trading B.V.",
      address: "Keizersgracht 1\n1015 AA Amsterdam\nNetherlands",
      vatNumber: "NL123456789B01",
    },
  });
export type TBillingDetailsRequest = z.input<typeof ZBillingDetailsRequest>;
export const ZBillingDetailsResponse = z.object({ details: ZBillingDetails });
export type TPayTo = z.infer<typeof ZPayTo>;

export const ZInvoice = ZInvoiceSummary.extend({
  periodStart: z.iso.datetime().nullable(),
  periodEnd: z.iso.datetime().nullable(),
  lines: z.array(ZInvoiceLine),
  hoursEntries: z
    .array(ZInvoiceHoursEntry)
    .optional()
    .meta({ description: 'The time entries of the period behind an "Extra hours" line, in the order worked.' }),
  subtotalMinor: money("The sum of the lines"),
  taxRateBp: z.number().int().meta({ description: "Tax rate in basis points: 2100 is 21 %." }),
  taxMinor: money("The tax"),
  paidAmountMinor: z.number().int().nullable(),
  paymentReference: z.string().nullable(),
  voidReason: z.string().nullable(),
  payTo: ZPayTo,
  payee: ZLegalParty.meta({
    description: "The agency, as it was when the invoice was finalized (drafts: the settings now).",
  }),
  payer: ZLegalParty.nullable().meta({
    description: "The client's legal details when finalized; null if it had none.",
  }),
  corrects: z
    .object({ id: z.uuid(), number: z.string() })
    .nullable()
    .meta({ description: "A credit note: the invoice it corrects." }),
  creditNotes: z
    .array(z.object({ id: z.uuid(), number: z.string(), totalMinor: z.number().int() }))
    .meta({ description: "An invoice: the credit notes that correct it." }),
});
export type TInvoice = z.infer<typeof ZInvoice>;

export const ZGetInvoiceResponse = z.object({ invoice: ZInvoice });
export type TGetInvoiceResponse = z.infer<typeof ZGetInvoiceResponse>;

export const ZUpcomingLine = z.object({
  kind: z.enum(LINE_KINDS),
  description: z.string(),
  amountMinor: money("The line's amount"),
  accruing: z
    .object({
      billedBy: z.enum(["invoice", "card"]).meta({
        description:
          "invoice: on the invoice issued at the period's end; card: Stripe charges the card after the period ends.",
      }),
      awaitingMinutes: z.number().int().min(0).meta({
        description: "Extra time awaiting the owner's approval: not in the amount, not billed unless approved.",
      }),
    })
    .optional()
    .meta({
      description:
        "Present on the extra hours of the period under way: the amount so far, an estimate until the period ends.",
    }),
});
export type TUpcomingLine = z.infer<typeof ZUpcomingLine>;

export const ZUpcomingInvoice = z
  .object({
    issuesOn: z.iso
      .datetime()
      .nullable()
      .meta({
        description:
          "When it is issued: the current period's end. Null when no period invoice is due (no plan, canceled, " +
          "ending, paid by card): the charges wait for an invoice the agency issues.",
      }),
    periodStart: z.iso.datetime().nullable().meta({ description: "The period the plan line bills, if any." }),
    periodEnd: z.iso.datetime().nullable(),
    currency: z.string(),
    lines: z.array(ZUpcomingLine),
    subtotalMinor: money("The sum of the lines"),
    taxRateBp: z.number().int().meta({ description: "Tax rate in basis points: 2100 is 21 %." }),
    taxMinor: money("The tax"),
    totalMinor: money("The total, tax included"),
  })
  .meta({ description: "What the next invoice holds as of now; it changes until it is issued." });
export type TUpcomingInvoice = z.infer<typeof ZUpcomingInvoice>;

export const ZGetBillingResponse = z.object({
  company: z.object({ id: z.uuid(), name: z.string(), currency: z.string() }),
  subscription: ZSubscription.nullable(),
  usage: z.array(ZUsage),
  invoices: z.array(ZInvoiceSummary).meta({ description: "Finalized invoices, newest first (drafts are staff's)." }),
  provider: z.enum(["manual", "stripe"]).meta({
    description: "stripe: the owner may pay by card (POST /api/billing/checkout); manual: bank transfer only.",
  }),
  cardOnFile: z.boolean().meta({
    description: "The company has paid by card before: the owner manages the card (POST /api/billing/portal).",
  }),
  payTo: ZPayTo,
  billingDetails: ZBillingDetails.nullable().meta({ description: "The company's legal details for its invoices." }),
  billingDetailsRequired: z.boolean().meta({
    description: "BILLING_REQUIRE_CLIENT_DETAILS: no invoice of the company is finalized until they are filled in.",
  }),
  upcoming: ZUpcomingInvoice.nullable().meta({ description: "Null: nothing is waiting to be billed." }),
});
export type TGetBillingResponse = z.infer<typeof ZGetBillingResponse>;

export const ZSubscribeCompanyRequest = z
  .object({
    planSlug,
    interval: z.enum(BILLING_INTERVALS, { error: "Choose monthly or yearly" }),
    trialDays: intField("Trial days", 0, 90).default(0),
  })
  .meta({ example: { planSlug: "starter", interval: "monthly", trialDays: 0 } });
export type TSubscribeCompanyRequest = z.input<typeof ZSubscribeCompanyRequest>;

export const ZSubscriptionResponse = z.object({ subscription: ZSubscription });
export type TSubscriptionResponse = z.infer<typeof ZSubscriptionResponse>;

export const ZChangePlanRequest = z
  .object({
    planSlug,
    confirmedProrationMinor: intField("The confirmed amount", 0, 1_000_000_000).meta({
      description:
        "The `prorationMinor` of the quote the person confirmed: if the amount is not that any more (a day " +
        "passed), the change is refused with 409 and nothing is written.",
    }),
  })
  .meta({ example: { planSlug: "growth", confirmedProrationMinor: 41290 } });
export type TChangePlanRequest = z.input<typeof ZChangePlanRequest>;

export const ZPlanQuoteQuery = z.object({ planSlug });

export const ZPlanChangeQuote = z.object({
  change: z.enum(["upgrade", "downgrade", "unchanged"]),
  from: ZPlanRef,
  to: ZPlanRef,
  interval: z.enum(BILLING_INTERVALS),
  currency: z.string(),
  priceDifferenceMinor: money("The new plan's price minus the current one's, for one interval"),
  prorationMinor: money("Added to the next invoice for the rest of this period: upgrades only, 0 otherwise"),
  effectiveAt: z.iso.datetime().meta({ description: "Now for an upgrade, the period's end for a downgrade." }),
  confirmation: z.string().meta({
    description:
      "The sentence the person confirms: Upgrade to Growth: €800.00 more a month; €412.90 now for the rest of this period",
  }),
});
export type TPlanChangeQuote = z.infer<typeof ZPlanChangeQuote>;

export const ZCancelSubscriptionRequest = z
  .object({ when: z.enum(["period_end", "now"], { error: "Choose at the period's end or now" }) })
  .meta({ example: { when: "period_end" } });
export type TCancelSubscriptionRequest = z.input<typeof ZCancelSubscriptionRequest>;

export const ZExtendTrialRequest = z.object({ days: intField("Days", 1, 90) }).meta({ example: { days: 7 } });
export type TExtendTrialRequest = z.input<typeof ZExtendTrialRequest>;

export const ZChangePlanResponse = z.object({
  subscription: ZSubscription,
  change: z.enum(["upgraded", "downgrade_scheduled", "unchanged"]),
  prorationMinor: z.number().int().meta({ description: "Added to the next invoice on an upgrade; 0 otherwise." }),
});
export type TChangePlanResponse = z.infer<typeof ZChangePlanResponse>;

export const ZCreateInvoiceRequest = z
  .object({
    taxRatePercent: z.number().min(0, "Tax must be at least 0 %").max(100, "Tax must be at most 100 %").optional(),
  })
  .meta({ example: { taxRatePercent: 21 } });

export const ZAddInvoiceLineRequest = z
  .object({
    description: textField,
    amountMinor: intField("Amount", -100_000_000, 100_000_000).refine((v) => v !== 0, "Amount must not be zero"),
  })
  .meta({ example: { description: "Extra workshop", amountMinor: 45000 } });
export type TAddInvoiceLineRequest = z.input<typeof ZAddInvoiceLineRequest>;

export const ZMarkPaidRequest = z
  .object({
    amountMinor: intField("Amount", 1, 1_000_000_000),
    paidOn: dayString,
    reference: optionalTextField,
  })
  .meta({ example: { amountMinor: 49000, paidOn: "2026-11-30", reference: "Bank transfer 8812" } });
export type TMarkPaidRequest = z.input<typeof ZMarkPaidRequest>;

export const ZVoidInvoiceRequest = z
  .object({ reason: textField })
  .meta({ example: { reason: "Issued to the wrong company" } });
export type TVoidInvoiceRequest = z.input<typeof ZVoidInvoiceRequest>;

export const ZCreditNoteRequest = z
  .object({
    amountMinor: intField("Amount", 1, 1_000_000_000).meta({
      description: "Credited before tax, at most what is left of the invoice's subtotal; tax at the invoice's rate.",
    }),
    reason: textField,
  })
  .meta({ example: { amountMinor: 20000, reason: "Four days of downtime in November" } });
export type TCreditNoteRequest = z.input<typeof ZCreditNoteRequest>;

export const INVOICE_FILTERS = ["all", "open", "overdue", "paid", "draft", "void"] as const;
export const ZListInvoicesQuery = z.object({
  filter: z.enum(INVOICE_FILTERS, { error: "Choose all, open, overdue, paid, draft or void" }).default("all"),
});
export const ZListInvoicesResponse = z.object({ invoices: z.array(ZInvoiceSummary) });
export type TListInvoicesResponse = z.infer<typeof ZListInvoicesResponse>;

export const ZRedirectResponse = z.object({ url: z.url() });
export type TRedirectResponse = z.infer<typeof ZRedirectResponse>;

export const ZStripeWebhookResponse = z.object({
  received: z.literal(true),
  duplicate: z.boolean().meta({ description: "The event was applied before: nothing changed." }),
});
export type TStripeWebhookResponse = z.infer<typeof ZStripeWebhookResponse>;

export const ZBillingIdParam = z.object({ id: z.uuid() });

/** The agency dashboard's monthly recurring revenue. */

export const ZMrrFigures = z.object({
  currency: z.string(),
  mrrMinor: money("Monthly recurring revenue now"),
  subscriptions: z.number().int().min(0).meta({ description: "Active and past-due subscriptions counted." }),
  newMinor: money("This month's MRR from new subscriptions"),
  expansionMinor: money("This month's MRR from upgrades"),
  contractionMinor: money("This month's MRR lost to downgrades (negative)"),
  churnMinor: money("This month's MRR lost to cancellations (negative)"),
});
export const ZGetMrrResponse = z.object({
  month: z.string().meta({ description: "The month of the movements, 2026-11." }),
  figures: z.array(ZMrrFigures).meta({ description: "One entry per currency clients are billed in." }),
});
export type TGetMrrResponse = z.infer<typeof ZGetMrrResponse>;

export const billingSchemas = {
  getBilling: { response: ZGetBillingResponse },
  getInvoice: { params: ZBillingIdParam, response: ZGetInvoiceResponse },
  downloadInvoicePdf: { params: ZBillingIdParam, response: null },
  changePlan: { body: ZChangePlanRequest, response: ZChangePlanResponse },
  quotePlanChange: { query: ZPlanQuoteQuery, response: ZPlanChangeQuote },
  startCheckout: { response: ZRedirectResponse },
  openBillingPortal: { response: ZRedirectResponse },
  receiveStripeEvent: { response: ZStripeWebhookResponse },
  getClientBilling: { params: ZBillingIdParam, response: ZGetBillingResponse },
  subscribeCompany: { params: ZBillingIdParam, body: ZSubscribeCompanyRequest, response: ZSubscriptionResponse },
  quoteClientPlanChange: { params: ZBillingIdParam, query: ZPlanQuoteQuery, response: ZPlanChangeQuote },
  changeClientPlan: { params: ZBillingIdParam, body: ZChangePlanRequest, response: ZChangePlanResponse },
  endTrial: { params: ZBillingIdParam, response: ZSubscriptionResponse },
  extendTrial: { params: ZBillingIdParam, body: ZExtendTrialRequest, response: ZSubscriptionResponse },
  cancelSubscription: { params: ZBillingIdParam, body: ZCancelSubscriptionRequest, response: ZSubscriptionResponse },
  resumeSubscription: { params: ZBillingIdParam, response: ZSubscriptionResponse },
  createInvoice: { params: ZBillingIdParam, body: ZCreateInvoiceRequest, response: ZGetInvoiceResponse },
  listInvoices: { query: ZListInvoicesQuery, response: ZListInvoicesResponse },
  getStaffInvoice: { params: ZBillingIdParam, response: ZGetInvoiceResponse },
  downloadStaffInvoicePdf: { params: ZBillingIdParam, response: null },
  addInvoiceLine: { params: ZBillingIdParam, body: ZAddInvoiceLineRequest, response: ZGetInvoiceResponse },
  finalizeInvoice: { params: ZBillingIdParam, response: ZGetInvoiceResponse },
  markInvoicePaid: { params: ZBillingIdParam, body: ZMarkPaidRequest, response: ZGetInvoiceResponse },
  voidInvoice: { params: ZBillingIdParam, body: ZVoidInvoiceRequest, response: ZGetInvoiceResponse },
  getMrr: { response: ZGetMrrResponse },
  saveBillingDetails: { body: ZBillingDetailsRequest, response: ZBillingDetailsResponse },
  saveClientBillingDetails: {
    params: ZBillingIdParam,
    body: ZBillingDetailsRequest,
    response: ZBillingDetailsResponse,
  },
  issueCreditNote: { params: ZBillingIdParam, body: ZCreditNoteRequest, response: ZGetInvoiceResponse },
};
export type BillingSchemas = typeof billingSchemas;
