import { z } from "zod";
import { PLATFORMS } from "./automations";
import { LIMITS, atMost, cleanedText, longTextField, textField } from "./fields";
import { intField as int } from "./int-field";
import { plausibleDay } from "./plausible-dates";

/* ---------- The automation plan: states, categories and the requests that change items ---------- */

export const PLAN_STATES = ["requested", "proposed", "approved", "building", "live", "declined", "retired"] as const;
export type PlanState = (typeof PLAN_STATES)[number];
export const PLAN_STATE_LABELS: Record<PlanState, string> = {
  requested: "Requested",
  proposed: "Proposed",
  approved: "Approved",
  building: "Building",
  live: "Live",
  declined: "Declined",
  retired: "Retired",
};

/** Each state's category drives the board's columns, the badges and the dashboards. */
export const PLAN_CATEGORIES = ["waiting_on_agency", "waiting_on_client", "in_progress", "done", "closed"] as const;
export type PlanCategory = (typeof PLAN_CATEGORIES)[number];
export const PLAN_CATEGORY_OF: Record<PlanState, PlanCategory> = {
  requested: "waiting_on_agency",
  proposed: "waiting_on_client",
  approved: "waiting_on_agency",
  building: "in_progress",
  live: "done",
  declined: "closed",
  retired: "closed",
};
export const PLAN_CATEGORY_LABELS: Record<PlanCategory, string> = {
  waiting_on_agency: "With the agency",
  waiting_on_client: "Waiting for you",
  in_progress: "Being built",
  done: "Live",
  closed: "Closed",
};
/** The staff console's words for the same categories. */
export const PLAN_CATEGORY_STAFF_LABELS: Record<PlanCategory, string> = {
  waiting_on_agency: "Waiting on agency",
  waiting_on_client: "Waiting on client",
  in_progress: "In progress",
  done: "Done",
  closed: "Closed",
};

export const PLAN_PRIORITIES = ["low", "normal", "high"] as const;
export type PlanPriority = (typeof PLAN_PRIORITIES)[number];
export const PLAN_PRIORITY_LABELS: Record<PlanPriority, string> = { low: "Low", normal: "Normal", high: "High" };

/** Wished and target dates lie ahead: up to ten years from now is plausible. */
const PLANNED_DAYS_AHEAD = 3653;

/** A date a form may leave empty: "" and null both mean none. */
const optionalDay = z
  .union([plausibleDay(PLANNED_DAYS_AHEAD), z.literal("")])
  .nullish()
  .transform((value) => value || null);

/** The client's intake form. */
export const ZCreatePlanItemRequest = z.object({
  title: textField,
  problem: longTextField,
  triggerDescription: textField,
  systems: textField,
  timesPerMonth: int("Times a month", 1, 100_000),
  minutesEach: int("Minutes each time", 1, 60 * 24),
  priority: z.enum(PLAN_PRIORITIES, { error: "Priority must be low, normal or high" }).default("normal"),
  wishedDate: optionalDay,
});
export type TCreatePlanItemRequest = z.input<typeof ZCreatePlanItemRequest>;

/** Optional long text: an empty string counts as absent. */
const optionalLongText = cleanedText(LIMITS.longText)
  .pipe(z.string().max(LIMITS.longText, atMost(LIMITS.longText)))
  .optional()
  .transform((value) => (value ? value : undefined));

const money = (label: string) => int(label, -100_000_000, 100_000_000);

/** What staff propose; every revision is a new version. */
export const ZPlanProposal = z.object({
  scope: longTextField,
  platform: z.enum(PLATFORMS, { error: `Platform must be one of ${PLATFORMS.join(", ")}` }),
  hoursPerMonth: int("Hours saved a month", 0, 10_000),
  setupFeeMinor: int("Setup fee", 0, 100_000_000),
  monthlyFeeChangeMinor: money("Monthly fee change"),
  targetDate: optionalDay,
  note: optionalLongText,
});
export type TPlanProposal = z.input<typeof ZPlanProposal>;

const reason = longTextField;

/**
 * One request moves an item to a state. Every target is accepted by both sides' endpoints; the
 * server's transition table decides whether the caller may make it (409 naming the current state).
 */
export const ZPlanTransitionRequest = z.discriminatedUnion(
  "to",
  [
    z.object({
      to: z.literal("requested"),
      note: optionalLongText,
      priority: z.enum(PLAN_PRIORITIES).optional(),
      wishedDate: optionalDay.optional(),
    }),
    z.object({ to: z.literal("proposed"), proposal: ZPlanProposal }),
    z.object({ to: z.literal("approved"), proposalVersion: int("Proposal version", 1, 10_000) }),
    z.object({ to: z.literal("declined"), reason }),
    z.object({
      to: z.literal("building"),
      /** An existing automation of the company to link; absent: a new one is created from the proposal. */
      automationId: z.uuid("Choose an automation").nullish(),
    }),
    z.object({ to: z.literal("live") }),
    z.object({ to: z.literal("retired"), reason, automation: z.enum(["pause", "keep"]).default("keep") }),
  ],
  { error: `Choose a state: ${PLAN_STATES.join(", ")}` },
);
export type TPlanTransitionRequest = z.input<typeof ZPlanTransitionRequest>;

export const ZPlanCommentRequest = z.object({ body: longTextField });
export type TPlanCommentRequest = z.input<typeof ZPlanCommentRequest>;

export const ZListPlanItemsQuery = z.object({
  category: z.enum(PLAN_CATEGORIES).optional(),
  state: z.enum(PLAN_STATES).optional(),
  priority: z.enum(PLAN_PRIORITIES).optional(),
  companyId: z.uuid().optional(),
});
export type TListPlanItemsQuery = z.input<typeof ZListPlanItemsQuery>;

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
