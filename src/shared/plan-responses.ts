import { z } from "zod";
import { PLATFORMS } from "./automations";
import {
  PLAN_CATEGORIES,
  PLAN_PRIORITIES,
  PLAN_STATES,
  ZCreatePlanItemRequest,
  ZListPlanItemsQuery,
  ZPlanCommentRequest,
  ZPlanTransitionRequest,
} from "./plan";

/* ---------- Responses of the automation plan's endpoints ---------- */

const wireDateTime = () => z.iso.datetime();
const day = () => z.string().meta({ description: "A calendar day, 2026-01-31." });

export const ZPlanItemSummary = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  title: z.string(),
  problem: z.string(),
  state: z.enum(PLAN_STATES),
  category: z.enum(PLAN_CATEGORIES),
  priority: z.enum(PLAN_PRIORITIES),
  wishedDate: day().nullable(),
  /** From the intake: times a month × minutes each. */
  estimatedMinutesPerMonth: z.number().int(),
  proposalVersion: z.number().int().nullable(),
  hoursPerMonth: z.number().int().nullable().meta({ description: "The newest proposal's estimate." }),
  targetDate: day().nullable(),
  stateChangedAt: wireDateTime(),
  createdAt: wireDateTime(),
});
export type PlanItemSummary = z.infer<typeof ZPlanItemSummary>;

export const ZListPlanItemsResponse = z.object({ items: z.array(ZPlanItemSummary) });

export const ZPlanProposalView = z.object({
  version: z.number().int(),
  scope: z.string(),
  platform: z.enum(PLATFORMS),
  hoursPerMonth: z.number().int(),
  setupFeeMinor: z.number().int(),
  monthlyFeeChangeMinor: z.number().int(),
  currency: z.string(),
  targetDate: day().nullable(),
  createdBy: z.string(),
  createdAt: wireDateTime(),
});
export type PlanProposalView = z.infer<typeof ZPlanProposalView>;

export const ZPlanComment = z.object({
  id: z.uuid(),
  side: z.enum(["client", "staff"]),
  authorName: z.string(),
  body: z.string(),
  createdAt: wireDateTime(),
});
export type PlanComment = z.infer<typeof ZPlanComment>;

export const ZPlanHistoryEntry = z.object({
  id: z.uuid(),
  at: wireDateTime(),
  actorName: z.string(),
  side: z.enum(["client", "staff"]),
  field: z.string(),
  fromValue: z.string().nullable(),
  toValue: z.string().nullable(),
  comment: z.string().nullable(),
});
export type PlanHistoryEntry = z.infer<typeof ZPlanHistoryEntry>;

/** Promised (the approved proposal) against measured (the automation's runs in the last 30 days). */
export const ZPlanPromise = z.object({
  promisedHoursPerMonth: z.number().int(),
  measuredMinutes30d: z.number().int(),
  hourlyValueMinor: z.number().int(),
  promisedValueMinor: z.number().int(),
  measuredValueMinor: z.number().int(),
  currency: z.string(),
});
export type PlanPromise = z.infer<typeof ZPlanPromise>;

export const ZGetPlanItemResponse = ZPlanItemSummary.extend({
  triggerDescription: z.string(),
  systems: z.string(),
  timesPerMonth: z.number().int(),
  minutesEach: z.number().int(),
  requestedBy: z.string(),
  approvedVersion: z.number().int().nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: wireDateTime().nullable(),
  declineReason: z.string().nullable(),
  retireReason: z.string().nullable(),
  automation: z.object({ id: z.uuid(), name: z.string(), status: z.string() }).nullable(),
  proposals: z.array(ZPlanProposalView).meta({ description: "Every version, newest first." }),
  comments: z.array(ZPlanComment),
  history: z.array(ZPlanHistoryEntry).meta({ description: "Oldest first." }),
  promise: ZPlanPromise.nullable().meta({ description: "On a Live or Retired item with an automation." }),
  /** The states the caller may move the item to now, from the server's transition table. */
  allowedTransitions: z.array(z.enum(PLAN_STATES)),
  approveRefusal: z
    .string()
    .nullable()
    .meta({
      description:
        "Why the caller may not approve the current proposal: it adds charges, which only the company's owner approves. " +
        "Null otherwise; Approved is then not among allowedTransitions.",
    }),
});
export type TGetPlanItemResponse = z.infer<typeof ZGetPlanItemResponse>;

export const ZCreatePlanItemResponse = ZGetPlanItemResponse;
export const ZPlanTransitionResponse = ZGetPlanItemResponse;
export const ZPlanCommentResponse = ZPlanComment;
export type TPlanCommentResponse = z.infer<typeof ZPlanCommentResponse>;

export const ZPlanQueueResponse = z.object({
  items: z.array(ZPlanItemSummary).meta({ description: "Waiting on the agency first, longest wait first." }),
});

const byId = z.object({ id: z.uuid() });

/** The client's intake form, filled in: the reference's example (and the tests' request). */
export const PLAN_REQUEST_EXAMPLE = {
  title: "Copy web orders into the accounting system",
  problem: "Every order from the web shop is typed into the accounting system by hand.",
  triggerDescription: "A new order in the shop",
  systems: "Shopify, Exact Online",
  timesPerMonth: 200,
  minutesEach: 4,
  priority: "normal",
  wishedDate: "2027-03-01",
};

const proposalExample = {
  to: "proposed",
  proposal: {
    scope: "An n8n workflow copies each paid order into Exact Online within five minutes.",
    platform: "n8n",
    hoursPerMonth: 13,
    setupFeeMinor: 90000,
    monthlyFeeChangeMinor: 4900,
    targetDate: "2027-02-15",
  },
};

export const planSchemas = {
  listPlanItems: { query: ZListPlanItemsQuery, response: ZListPlanItemsResponse },
  createPlanItem: {
    body: ZCreatePlanItemRequest.meta({ example: PLAN_REQUEST_EXAMPLE }),
    response: ZCreatePlanItemResponse,
  },
  getPlanItem: { params: byId, response: ZGetPlanItemResponse },
  transitionPlanItem: {
    params: byId,
    body: ZPlanTransitionRequest.meta({ example: { to: "approved", proposalVersion: 1 } }),
    response: ZPlanTransitionResponse,
  },
  commentPlanItem: {
    params: byId,
    body: ZPlanCommentRequest.meta({ example: { body: "Does this also cover refunds?" } }),
    response: ZPlanCommentResponse,
  },
  listPlanQueue: { query: ZListPlanItemsQuery, response: ZPlanQueueResponse },
  staffTransitionPlanItem: {
    params: byId,
    body: ZPlanTransitionRequest.meta({ example: proposalExample }),
    response: ZPlanTransitionResponse,
  },
  staffCommentPlanItem: {
    params: byId,
    body: ZPlanCommentRequest.meta({ example: { body: "Yes, refunds are included." } }),
    response: ZPlanCommentResponse,
  },
};
export type PlanSchemas = typeof planSchemas;
