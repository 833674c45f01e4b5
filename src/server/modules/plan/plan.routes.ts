import { planOps } from "../../../shared/operations/plan";
import { PLAN_REQUEST_EXAMPLE, planSchemas } from "../../../shared/plan";
import { conflictResponse, errorResponse, handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf, contextOf } from "../../http/service-context";
import { addPlanComment } from "./add-comment.service";
import { createPlanItem } from "./create-item.service";
import { getPlanItem } from "./get-item.service";
import { listPlanItems } from "./list-items.service";
import { transitionPlanItem } from "./transition.service";

const member = { access: "member", tag: "Automation plan" } as const;
const refused = conflictResponse("Not allowed from the item's current state (the message names it).");

/** The intake form of the reference's example, which the tests send too. */
export const requestExample = PLAN_REQUEST_EXAMPLE;

const listEndpoint = operationEndpoint({
  ...member,
  operation: planOps.listPlanItems,
  schemas: planSchemas.listPlanItems,
  summary: "The caller's company's automation plan (staff: every company's), newest first",
  ok: "The items.",
});

const createEndpoint = operationEndpoint({
  ...member,
  operation: planOps.createPlanItem,
  schemas: planSchemas.createPlanItem,
  summary: "Ask the agency for a new automation",
  description: "When the company's plan limits requests a month and they are used, answers 409 saying so.",
  ok: "The request, waiting on the agency.",
  okStatus: 201,
  responses: refused,
});

const getEndpoint = operationEndpoint({
  ...member,
  operation: planOps.getPlanItem,
  schemas: planSchemas.getPlanItem,
  summary: "One item with its proposals, comments, history and promised against measured hours",
  ok: "The item.",
});

const transitionEndpoint = operationEndpoint({
  ...member,
  operation: planOps.transitionPlanItem,
  schemas: planSchemas.transitionPlanItem,
  summary: "Approve a proposal version, decline it with a reason, or send a declined item back with changes",
  description:
    "Approving binds to the version sent: an outdated version is refused (409). A proposal that adds charges " +
    "(a setup fee, or a higher monthly fee) is approved by the company's owner only: other members get 403.",
  ok: "The item after the move.",
  responses: {
    403: errorResponse("Approving a proposal that adds charges is the owner's step (reason owner-approval)."),
    ...refused,
  },
});

const commentEndpoint = operationEndpoint({
  ...member,
  operation: planOps.commentPlanItem,
  schemas: planSchemas.commentPlanItem,
  summary: "Write a comment on an item; the agency is told by email",
  ok: "The comment.",
  okStatus: 201,
});

/** The client's side of the automation plan. */
export const planEndpoints = () => [
  handle(listEndpoint, async (c) => c.json({ items: await listPlanItems(contextOf(c), c.req.valid("query")) }, 200)),
  handle(createEndpoint, async (c) => c.json(await createPlanItem(actorContextOf(c), c.req.valid("json")), 201)),
  handle(getEndpoint, async (c) => c.json(await getPlanItem(actorContextOf(c), c.req.valid("param")), 200)),
  handle(transitionEndpoint, async (c) => {
    const input = { id: c.req.valid("param").id, side: "client" as const, ...c.req.valid("json") };
    return c.json(await transitionPlanItem(actorContextOf(c), input), 200);
  }),
  handle(commentEndpoint, async (c) => {
    const input = { id: c.req.valid("param").id, side: "client" as const, body: c.req.valid("json").body };
    return c.json(await addPlanComment(actorContextOf(c), input), 201);
  }),
];
