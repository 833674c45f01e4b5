import { planOps } from "../../../shared/operations/plan";
import { planSchemas } from "../../../shared/plan";
import { conflictResponse, handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf, contextOf } from "../../http/service-context";
import { addPlanComment } from "./add-comment.service";
import { listPlanQueue } from "./list-items.service";
import { transitionPlanItem } from "./transition.service";

const staff = { access: "staff", tag: "Staff: automation plan" } as const;
const refused = conflictResponse("Not allowed from the item's current state (the message names it).");

const queueEndpoint = operationEndpoint({
  ...staff,
  operation: planOps.listPlanQueue,
  schemas: planSchemas.listPlanQueue,
  summary: "Every client's plan items, what waits on the agency longest first",
  ok: "The queue.",
});

const transitionEndpoint = operationEndpoint({
  ...staff,
  operation: planOps.staffTransitionPlanItem,
  schemas: planSchemas.staffTransitionPlanItem,
  summary: "Propose (a new version), move to Building or Live, or retire a client's plan item",
  description:
    "Building creates the automation from the approved proposal, or links `automationId`; Live switches the " +
    "automation on; retiring takes a reason and pauses or keeps the automation.",
  ok: "The item after the move.",
  responses: refused,
});

const commentEndpoint = operationEndpoint({
  ...staff,
  operation: planOps.staffCommentPlanItem,
  schemas: planSchemas.staffCommentPlanItem,
  summary: "Answer on a client's plan item; the client is told by email",
  ok: "The comment.",
  okStatus: 201,
});

/** The agency's side of the automation plan. */
export const staffPlanEndpoints = () => [
  handle(queueEndpoint, async (c) => c.json({ items: await listPlanQueue(contextOf(c), c.req.valid("query")) }, 200)),
  handle(transitionEndpoint, async (c) => {
    const input = { id: c.req.valid("param").id, side: "staff" as const, ...c.req.valid("json") };
    return c.json(await transitionPlanItem(actorContextOf(c), input), 200);
  }),
  handle(commentEndpoint, async (c) => {
    const input = { id: c.req.valid("param").id, side: "staff" as const, body: c.req.valid("json").body };
    return c.json(await addPlanComment(actorContextOf(c), input), 201);
  }),
];
