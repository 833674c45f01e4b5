import { z } from "zod";
import { SUBSCRIPTION_STATUSES } from "./billing-labels";
import { COMPANY_STATUSES } from "./companies";
import { plainString } from "./fields";

/* The staff clients table: every client company with its figures, searched, filtered, sorted and paged. */

export type CompanyStatus = (typeof COMPANY_STATUSES)[number];
export const COMPANY_STATUS_LABELS: Record<CompanyStatus, string> = {
  trial: "Trial",
  active: "Active",
  past_due: "Past due",
  paused: "Paused",
  churned: "Churned",
};
/** Why a company has its status: the derivation rule of ADR 0031, in the order it is applied. */
export const COMPANY_STATUS_MEANINGS: Record<CompanyStatus, string> = {
  churned: "Its subscription has ended.",
  past_due: "An invoice is overdue, or its subscription is past due.",
  paused: "Its automations are paused and none is building or live.",
  active: "It pays an active plan with no invoice overdue.",
  trial: "It is on a trial, or not on a plan yet.",
};

export const CLIENT_SORTS = [
  "name",
  "contact",
  "status",
  "automations",
  "failureRate",
  "hoursSaved",
  "lastActivity",
  "plan",
  "mrr",
  "openTickets",
] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const CLIENTS_PAGE_SIZE = 25;
export const CLIENTS_MAX_PAGE_SIZE = 100;

const whole = (label: string, min: number, max: number) => {
  const message = `${label} must be a whole number from ${min} to ${max.toLocaleString("en")}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};

/** The view: what GET /api/staff/companies and its CSV export read from the query string. */
const viewFields = {
  q: plainString(200)
    .optional()
    .meta({ description: "Part of the company's name, or of its main contact's name or email (any case)." }),
  status: z.enum(COMPANY_STATUSES, { error: "Status must be trial, active, past_due, paused or churned" }).optional(),
  sort: z
    .enum(CLIENT_SORTS, { error: `Sort must be one of ${CLIENT_SORTS.join(", ")}` })
    .default("name")
    .meta({ description: "The column to sort by; ties are broken by the company's id, so pages never overlap." }),
  dir: z.enum(SORT_DIRECTIONS, { error: "Direction must be asc or desc" }).default("asc"),
};

export const ZListClientsQuery = z.object({
  ...viewFields,
  page: whole("Page", 1, 100_000).default(1).meta({ description: "1-based." }),
  pageSize: whole("Page size", 1, CLIENTS_MAX_PAGE_SIZE).default(CLIENTS_PAGE_SIZE),
});
export type TListClientsQuery = z.input<typeof ZListClientsQuery>;

/** The same view as the table, every page of it. */
export const ZExportClientsQuery = z.object(viewFields);

export const ZClientRow = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.enum(COMPANY_STATUSES),
  mainContact: z
    .object({
      name: z.string().nullable().meta({ description: "Null for an invitation not accepted yet." }),
      email: z.string(),
    })
    .nullable()
    .meta({
      description: "The company's owner; without one yet, the newest open invitation's address; else null.",
    }),
  automationsLive: z.number().int().min(0),
  automationsTotal: z.number().int().min(0).meta({ description: "Every automation but the retired ones." }),
  failureRate7d: z.number().min(0).max(1).nullable().meta({
    description:
      "Failed / (succeeded + failed) over the last 7 days (the company's time zone); null without such runs.",
  }),
  hoursSaved30d: z.number().min(0).meta({ description: "Over the last 30 days (the company's time zone)." }),
  plan: z
    .object({ name: z.string(), status: z.enum(SUBSCRIPTION_STATUSES) })
    .nullable()
    .meta({ description: "The subscription's plan and status; null for a company never put on a plan." }),
  mrrMinor: z.number().int().min(0).meta({
    description:
      "Monthly recurring revenue in minor units of `currency`: active and past-due plans only, yearly as a twelfth.",
  }),
  currency: z.string(),
  openTickets: z.number().int().min(0).meta({ description: "Support tickets not resolved." }),
  hoursThisPeriod: z
    .object({ usedMinutes: z.number().int().min(0), includedMinutes: z.number().int().min(0) })
    .nullable()
    .optional()
    .meta({
      description:
        "Retainer hours of the current period: billable minutes used (declined extra time left out) and the monthly minutes included (ADR 0033); null without terms or time. Not in the export.",
    }),
  lastActivityAt: z.iso
    .datetime()
    .nullable()
    .meta({ description: "The latest run received, or the company's latest change." }),
});
export type TClientRow = z.infer<typeof ZClientRow>;

export const ZListClientsResponse = z.object({
  clients: z.array(ZClientRow),
  total: z.number().int().min(0).meta({ description: "Companies in the whole filtered view." }),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  refreshedAt: z.iso
    .datetime()
    .nullable()
    .meta({ description: "When the figures were last computed (every minute); null before the first time." }),
});
export type TListClientsResponse = z.infer<typeof ZListClientsResponse>;

/** The clients table API, operation by operation (its methods and paths: `operations/clients.ts`). */
export const clientsSchemas = {
  listCompanies: { query: ZListClientsQuery, response: ZListClientsResponse },
  /** A CSV download. */
  exportCompanies: { query: ZExportClientsQuery, response: null },
};
export type ClientsSchemas = typeof clientsSchemas;
