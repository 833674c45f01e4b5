import { z } from "zod";
import { ZErrorResponse } from "../../../shared/api-error";
import { ZListPlanItemsQuery, ZPlanCommentRequest, ZPlanTransitionRequest } from "../../../shared/plan";
import { ZPlanCommentResponse, ZPlanQueueResponse, ZPlanTransitionResponse } from "../../../shared/plan-responses";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { addPlanComment } from "./add-comment.service";
import { listPlanQueue } from "./list-items.service";
import { planActorOf } from "./plan-actor";
import { transitionPlanItem } from "./transition.service";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Mailer } from "../../mail/outbox";

const byId = z.object({ id: z.uuid() });
const staff = { access: "staff", tag: "Staff: automation plan" } as const;
const refused = { 409: json(ZErrorResponse, "Not allowed from the item's current state (the message names it).") };
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

const queueEndpoint = endpoint({
  ...staff,
  method: "get",
  path: "/queue",
  operationId: "listPlanQueue",
  summary: "Every client's plan items, what waits on the agency longest first",
  request: { query: ZListPlanItemsQuery },
  responses: { 200: json(ZPlanQueueResponse, "The queue.") },
});

const transitionEndpoint = endpoint({
  ...staff,
  method: "post",
  path: "/items/{id}/transitions",
  operationId: "staffTransitionPlanItem",
  summary: "Propose (a new version), move to Building or Live, or retire a client's plan item",
  description:
    "Building creates the automation from the approved proposal, or links `automationId`; Live switches the " +
    "automation on; retiring takes a reason and pauses or keeps the automation.",
  request: { params: byId, body: ZPlanTransitionRequest.meta({ example: proposalExample }) },
  responses: { 200: json(ZPlanTransitionResponse, "The item after the move."), ...refused },
});

const commentEndpoint = endpoint({
  ...staff,
  method: "post",
  path: "/items/{id}/comments",
  operationId: "staffCommentPlanItem",
  summary: "Answer on a client's plan item; the client is told by email",
  request: { params: byId, body: ZPlanCommentRequest.meta({ example: { body: "Yes, refunds are included." } }) },
  responses: { 201: json(ZPlanCommentResponse, "The comment.") },
});

/** The agency's side of the automation plan (mounted under /api/staff/plan). */
export function staffPlanRoutes({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) {
  const appUrl = config.APP_URL;
  return createRouter()
    .openapi(queueEndpoint, async (c) => c.json({ items: await listPlanQueue(db, c.req.valid("query")) }, 200))
    .openapi(transitionEndpoint, async (c) => {
      const { id } = c.req.valid("param");
      const actor = planActorOf(c, "staff");
      const { item, mailed } = await transitionPlanItem(db, { all: true }, actor, id, c.req.valid("json"), { appUrl });
      if (mailed) mailer.nudge();
      return c.json(item, 200);
    })
    .openapi(commentEndpoint, async (c) => {
      const { id } = c.req.valid("param");
      const actor = planActorOf(c, "staff");
      const body = c.req.valid("json").body;
      const { comment, mailed } = await addPlanComment(db, { all: true }, actor, id, body, { appUrl });
      if (mailed) mailer.nudge();
      return c.json(comment, 201);
    });
}
