import { z } from "zod";
import { pageField } from "./int-field";

const count = () => z.number().int().min(0);

/** Runs in a window that finished (skipped and running ones are left out); `successRate` is null when none did. */
const ZRunFigures = z.object({
  finished: count().meta({ description: "Runs that succeeded or failed." }),
  succeeded: count(),
  failed: count(),
  successRate: z.number().min(0).max(1).nullable(),
});
export type TRunFigures = z.infer<typeof ZRunFigures>;

/** The agency dashboard's figures, each the count behind one tile. */
export const ZGetAdminOverviewResponse = z.object({
  clients: count(),
  staff: count(),
  unconfirmedUsers: count().meta({
    description: "Accounts whose email address is not confirmed yet.",
  }),
  signUpsLast7Days: count().meta({
    description: "Client accounts created in the last 7 days.",
  }),
  signUpsLast30Days: count().meta({
    description: "Client accounts created in the last 30 days.",
  }),
  companies: count(),
  companiesByStatus: z
    .object({ trial: count(), active: count(), past_due: count(), paused: count(), churned: count() })
    .meta({ description: "Client companies by their status, derived from their books and work (ADR 0031)." }),
  undeliveredMail: count().meta({
    description: "Messages in the outbox that failed for good.",
  }),
  automations: z.object({
    failing: count().meta({ description: "Live automations with their threshold of failures in a row reached." }),
    stale: count().meta({ description: "Live automations with no run within their schedule." }),
  }),
  runs: z.object({
    last24Hours: ZRunFigures.meta({ description: "Runs that started in the last 24 hours, across clients." }),
    last7Days: ZRunFigures.meta({
      description:
        "Runs of the last 7 calendar days (in each company's time zone, today included), as the clients table's figures have them (refreshed every minute).",
    }),
  }),
  newLeads: count().meta({ description: "Contact leads nobody has followed up yet (status new)." }),
  proposalsWaiting: count().meta({ description: "Automation plan proposals waiting on a client's answer." }),
  requestsWaiting: count().meta({
    description: "Automation plan items waiting on the agency (requested or approved).",
  }),
});
export type TGetAdminOverviewResponse = z.infer<typeof ZGetAdminOverviewResponse>;

/* ---------- Automations that need attention, across clients ---------- */

export const ATTENTION_KINDS = ["failing", "stale"] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];
export const ATTENTION_PAGE_SIZE = 50;

export const ZListAttentionAutomationsQuery = z.object({
  kind: z.enum(ATTENTION_KINDS, { error: "Kind must be failing or stale" }),
  page: pageField,
});

export const ZAttentionAutomation = z.object({
  company: z.object({ id: z.uuid(), name: z.string() }),
  automation: z.object({ id: z.uuid(), name: z.string() }),
  since: z.iso.datetime().nullable().meta({
    description:
      "Failing: when its open incident was opened (null if none is open yet). Stale: when it was marked stale.",
  }),
  lastError: z
    .string()
    .nullable()
    .meta({ description: "Failing: the client-safe error of its latest failed run. Stale: null." }),
  lastRunAt: z.iso.datetime().nullable(),
  consecutiveFailures: count(),
  expectedEveryMinutes: z.number().int().nullable(),
});
export type TAttentionAutomation = z.infer<typeof ZAttentionAutomation>;

export const ZListAttentionAutomationsResponse = z.object({
  kind: z.enum(ATTENTION_KINDS),
  automations: z.array(ZAttentionAutomation).meta({ description: "Newest problem first." }),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: count(),
});
export type TListAttentionAutomationsResponse = z.infer<typeof ZListAttentionAutomationsResponse>;

/* ---------- Emails the outbox could not deliver ---------- */

/** Failed: given up after every attempt. Pending: waiting for their next attempt. */
export const EMAIL_LIST_STATUSES = ["failed", "pending"] as const;
export const EMAILS_PAGE_SIZE = 50;

export const ZListEmailsQuery = z.object({
  status: z.enum(EMAIL_LIST_STATUSES, { error: "Status must be failed or pending" }).default("failed"),
  page: pageField,
});
export type TListEmailsQuery = z.input<typeof ZListEmailsQuery>;

export const ZOutboxEmail = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  kind: z.string().meta({ description: "Which message it is, e.g. `confirm-email` or `company-invitation`." }),
  status: z.enum(["pending", "sent", "failed"]),
  attempts: count(),
  lastError: z.string().nullable().meta({ description: "Why the last attempt failed, as the mail server said." }),
  createdAt: z.iso.datetime(),
});
export type TOutboxEmail = z.infer<typeof ZOutboxEmail>;

export const ZListEmailsResponse = z.object({
  emails: z.array(ZOutboxEmail).meta({ description: "Newest first." }),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: count(),
});
export type TListEmailsResponse = z.infer<typeof ZListEmailsResponse>;

/** The email, back in the queue: the outbox sends it at once, with a fresh set of attempts. */
export const ZRetryEmailResponse = ZOutboxEmail;
export type TRetryEmailResponse = z.infer<typeof ZRetryEmailResponse>;

/** The agency's figures, the automations that need attention and the undelivered emails (methods and paths: `operations/admin.ts`). */
export const adminSchemas = {
  getAdminOverview: { response: ZGetAdminOverviewResponse },
  listAttentionAutomations: { query: ZListAttentionAutomationsQuery, response: ZListAttentionAutomationsResponse },
  listEmails: { query: ZListEmailsQuery, response: ZListEmailsResponse },
  retryEmail: { params: z.object({ id: z.uuid() }), response: ZRetryEmailResponse },
};
export type AdminSchemas = typeof adminSchemas;
