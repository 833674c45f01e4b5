/**
 * What happened between the agency and the demo's clients over the last three months: their legal
 * details, their plans, the automation plan (roadmap) and the support tickets. Days are counted back
 * from the moment the demo is seeded; the seed replays each step through the app's own services.
 */
import type { PlanState, TPlanProposal } from "../../../shared/plan";
import type { TTicketCategory, TTicketPriority } from "../../../shared/support-labels";

export interface DemoBilling {
  legalName: string;
  address: string;
  vatNumber: string;
  plan: string;
  /** Put on the plan this many days ago; with a trial, no invoice until it ends. */
  subscribedDaysAgo: number;
  trialDays: number;
  /** An upgrade the owner confirmed from /billing, with the proration it quoted. */
  upgrade?: { to: string; daysAgo: number };
  /** Bank payments the agency recorded: every open invoice issued before that day is paid. */
  paymentsDaysAgo: number[];
}

type Move =
  | { to: "proposed"; proposal: TPlanProposal }
  | { to: "approved" }
  | { to: "declined"; reason: string }
  | { to: "building"; automation?: string }
  | { to: "live" }
  | { to: "retired"; reason: string; automation: "pause" | "keep" };

export interface DemoPlanItem {
  /** The state the item ends in: the demo has one item in every state. */
  ends: PlanState;
  title: string;
  problem: string;
  triggerDescription: string;
  systems: string;
  timesPerMonth: number;
  minutesEach: number;
  requestedDaysAgo: number;
  moves: (Move & { daysAgo: number })[];
}

export interface DemoTicket {
  subject: string;
  category: TTicketCategory;
  priority: TTicketPriority;
  by: "owner" | "member";
  automation?: string;
  openedDaysAgo: number;
  message: string;
  replies: { daysAgo: number; from: "agency" | "client"; body: string }[];
  resolvedDaysAgo?: number;
}

const proposal = (scope: string, platform: TPlanProposal["platform"], hoursPerMonth: number, setupFeeMinor: number) =>
  ({ scope, platform, hoursPerMonth, setupFeeMinor, monthlyFeeChangeMinor: 0 }) as const;

export const DEMO_BILLING: Record<string, DemoBilling> = {
  "Northwind Trading": {
    legalName: "Northwind Trading B.V.",
    address: "Keizersgracht 221\n1016 DV Amsterdam\nNetherlands",
    vatNumber: "NL859216473B01",
    plan: "starter",
    subscribedDaysAgo: 97,
    trialDays: 0,
    upgrade: { to: "growth", daysAgo: 45 },
    paymentsDaysAgo: [90, 60, 30],
  },
  "Blue Harbor Clinic": {
    legalName: "Blue Harbor Clinic Ltd",
    address: "14 Harbour Road\nBristol BS1 5TY\nUnited Kingdom",
    vatNumber: "GB284719305",
    plan: "growth",
    subscribedDaysAgo: 12,
    trialDays: 30,
    paymentsDaysAgo: [],
  },
};

export const DEMO_PLAN_ITEMS: Record<string, DemoPlanItem[]> = {
  "Northwind Trading": [
    {
      ends: "live",
      title: "Copy paid invoices into the accounting system",
      problem: "Every paid web-shop invoice is typed into the accounting system by hand, with typos.",
      triggerDescription: "An invoice is paid in the shop",
      systems: "Shopify, Exact Online",
      timesPerMonth: 600,
      minutesEach: 6,
      requestedDaysAgo: 96,
      moves: [
        {
          to: "proposed",
          daysAgo: 95,
          proposal: proposal("An hourly n8n workflow copies new paid invoices into Exact Online.", "n8n", 60, 90_000),
        },
        { to: "approved", daysAgo: 94 },
        { to: "building", daysAgo: 93, automation: "Invoice sync" },
      ],
    },
    {
      ends: "retired",
      title: "Daily stock spreadsheet",
      problem: "The warehouse emails a stock spreadsheet every morning; someone checks it for low stock.",
      triggerDescription: "Every morning",
      systems: "Warehouse system, Google Sheets",
      timesPerMonth: 22,
      minutesEach: 20,
      requestedDaysAgo: 95,
      moves: [
        {
          to: "proposed",
          daysAgo: 94,
          proposal: proposal("A Make scenario builds the stock sheet and highlights low stock.", "make", 7, 45_000),
        },
        { to: "approved", daysAgo: 93 },
        { to: "building", daysAgo: 92 },
        { to: "live", daysAgo: 85 },
        {
          to: "retired",
          daysAgo: 40,
          reason: "Replaced by the Low-stock alerts, which warn the warehouse as soon as stock runs low.",
          automation: "pause",
        },
      ],
    },
    {
      ends: "declined",
      title: "Schedule social media posts",
      problem: "Marketing posts the same news to three networks by hand.",
      triggerDescription: "A post is approved in the content calendar",
      systems: "Notion, LinkedIn, Instagram",
      timesPerMonth: 20,
      minutesEach: 15,
      requestedDaysAgo: 60,
      moves: [
        {
          to: "proposed",
          daysAgo: 58,
          proposal: proposal("A Zapier flow posts approved calendar entries to each network.", "zapier", 5, 60_000),
        },
        { to: "declined", daysAgo: 55, reason: "Marketing chose a scheduling tool that does this already." },
      ],
    },
    {
      ends: "building",
      title: "Returns processing",
      problem: "Returns arrive by form; labels and credit notes are made by hand and customers wait days.",
      triggerDescription: "A returns form is submitted",
      systems: "Typeform, Sendcloud, Exact Online",
      timesPerMonth: 120,
      minutesEach: 12,
      requestedDaysAgo: 50,
      moves: [
        {
          to: "proposed",
          daysAgo: 46,
          proposal: proposal("A Zapier flow creates the return label and the credit note.", "zapier", 24, 120_000),
        },
        { to: "approved", daysAgo: 44 },
        { to: "building", daysAgo: 40, automation: "Returns processing" },
      ],
    },
    {
      ends: "approved",
      title: "Match supplier invoices to purchase orders",
      problem: "Accounts payable matches each supplier invoice to its purchase order by hand.",
      triggerDescription: "A supplier invoice arrives in the inbox",
      systems: "Outlook, Exact Online",
      timesPerMonth: 300,
      minutesEach: 5,
      requestedDaysAgo: 20,
      moves: [
        {
          to: "proposed",
          daysAgo: 14,
          proposal: proposal("An n8n workflow reads each invoice and matches it to its order.", "n8n", 25, 150_000),
        },
        { to: "approved", daysAgo: 4 },
      ],
    },
    {
      ends: "proposed",
      title: "Follow up on open quotes",
      problem: "Quotes go out and nobody follows up unless the customer calls.",
      triggerDescription: "A quote is open for 5 days",
      systems: "Pipedrive, Gmail",
      timesPerMonth: 80,
      minutesEach: 4,
      requestedDaysAgo: 8,
      moves: [
        {
          to: "proposed",
          daysAgo: 3,
          proposal: proposal("A Make scenario sends a personal reminder and tells the salesperson.", "make", 5, 40_000),
        },
      ],
    },
    {
      ends: "requested",
      title: "Welcome emails for new wholesale customers",
      problem: "New wholesale customers get no onboarding; sales sends a few emails when they remember.",
      triggerDescription: "A wholesale account is approved",
      systems: "Shopify, Mailchimp",
      timesPerMonth: 15,
      minutesEach: 25,
      requestedDaysAgo: 1,
      moves: [],
    },
  ],
  "Blue Harbor Clinic": [
    {
      ends: "requested",
      title: "Send intake forms before the first visit",
      problem: "New patients fill in the intake form in the waiting room, which delays appointments.",
      triggerDescription: "A first appointment is booked",
      systems: "Cliniko, Typeform",
      timesPerMonth: 60,
      minutesEach: 10,
      requestedDaysAgo: 5,
      moves: [],
    },
  ],
};

export const DEMO_TICKETS: Record<string, DemoTicket[]> = {
  "Northwind Trading": [
    {
      subject: "Low-stock alerts stopped working",
      category: "broken_automation",
      priority: "high",
      by: "member",
      automation: "Low-stock alerts",
      openedDaysAgo: 0.05,
      message: "The warehouse got no low-stock alert this morning although two best-sellers are almost gone.",
      replies: [],
    },
    {
      subject: "Add the new Rotterdam warehouse to the sales report",
      category: "change_request",
      priority: "normal",
      by: "owner",
      automation: "Weekly sales report",
      openedDaysAgo: 12,
      message: "We opened a second warehouse in Rotterdam. Can the Monday report show its sales separately?",
      replies: [
        {
          daysAgo: 11,
          from: "agency",
          body: "Happy to. Which location code does Rotterdam have in the shop, and should returns count per warehouse?",
        },
      ],
    },
    {
      subject: "Question about this month's invoice",
      category: "billing",
      priority: "low",
      by: "owner",
      openedDaysAgo: 6,
      message: "Our invoice has a line for the upgrade to Growth. Is that a one-off?",
      replies: [
        {
          daysAgo: 5.9,
          from: "agency",
          body: "Yes: it covers the rest of the period in which you upgraded. From then on the plan line is the Growth price.",
        },
        { daysAgo: 5, from: "client", body: "Thanks. Could you also send the invoice to accounts@northwind.demo?" },
      ],
    },
    {
      subject: "Supplier price import missed one supplier",
      category: "broken_automation",
      priority: "normal",
      by: "owner",
      automation: "Supplier price import",
      openedDaysAgo: 30,
      message: "Prices from Van Dijk Foods were not updated on Monday.",
      replies: [
        {
          daysAgo: 29.8,
          from: "agency",
          body: "Van Dijk published their list two hours late. The import now retries at 09:00 when a list is missing.",
        },
        { daysAgo: 29, from: "client", body: "Great, their prices are right today." },
      ],
      resolvedDaysAgo: 28,
    },
  ],
  "Blue Harbor Clinic": [
    {
      subject: "Reminder texts in Spanish",
      category: "change_request",
      priority: "normal",
      by: "owner",
      automation: "Appointment reminders",
      openedDaysAgo: 3,
      message: "Some patients prefer Spanish. Could the reminder use the language in their record?",
      replies: [
        {
          daysAgo: 2.5,
          from: "agency",
          body: "Yes. We will add a Spanish text and choose it from the patient's language field; we will send it for review.",
        },
      ],
    },
  ],
};

/** Retainer hours on the seeded plans (ADR 0033), set as staff would on the plans' terms. */
export const DEMO_PLAN_HOURS = [
  {
    planSlug: "starter",
    includedMinutes: 300,
    overageRateMinor: 9500,
    hoursRollover: false,
    rolloverCapMinutes: 0,
    overageNeedsApproval: true,
  },
  {
    planSlug: "growth",
    includedMinutes: 600,
    overageRateMinor: 9500,
    hoursRollover: true,
    rolloverCapMinutes: 300,
    overageNeedsApproval: false,
  },
  {
    planSlug: "scale",
    includedMinutes: 1200,
    overageRateMinor: 8500,
    hoursRollover: true,
    rolloverCapMinutes: 600,
    overageNeedsApproval: false,
  },
] as const;

export interface DemoTimeEntry {
  daysAgo: number;
  minutes: number;
  description: string;
  internalNote?: string;
  billable?: boolean;
}

/** Time the agency logged for each client: a busy previous month (billed as extra hours), and this one. */
export const DEMO_TIME: Record<string, DemoTimeEntry[]> = {
  "Northwind Trading": [
    { daysAgo: 40, minutes: 150, description: "Mapped the Exact Online ledger codes for the invoice sync" },
    { daysAgo: 36, minutes: 240, description: "Rebuilt the invoice sync after the Shopify API change" },
    { daysAgo: 33, minutes: 90, description: "Call about the new order confirmation template" },
    { daysAgo: 31, minutes: 180, description: "Added VAT handling for EU orders to the invoice sync" },
    {
      daysAgo: 30.5,
      minutes: 60,
      description: "Internal review of the sync's error handling",
      internalNote: "Our own slip in the first version: not billable.",
      billable: false,
    },
    { daysAgo: 42, minutes: 240, description: "Moved the invoice sync to the new Exact Online API" },
    { daysAgo: 18, minutes: 120, description: "Monthly check of the automations' runs and errors" },
    { daysAgo: 12, minutes: 240, description: "Stock level alerts for the warehouse team" },
    { daysAgo: 9, minutes: 210, description: "Order confirmation emails in Dutch and German" },
    { daysAgo: 3, minutes: 195, description: "Fixed the duplicate invoices on partial refunds" },
    { daysAgo: 1, minutes: 135, description: "Prepared the quarterly roadmap review" },
  ],
  "Blue Harbor Clinic": [
    { daysAgo: 10, minutes: 90, description: "Kick-off: appointment reminders and intake forms" },
    { daysAgo: 4, minutes: 150, description: "Set up the appointment reminder flow" },
  ],
};
