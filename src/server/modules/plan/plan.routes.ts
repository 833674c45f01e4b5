import { z } from "zod";
import { ZErrorResponse } from "../../../shared/api-error";
import {
  ZCreatePlanItemRequest,
  ZListPlanItemsQuery,
  ZPlanCommentRequest,
  ZPlanTransitionRequest,
} from "../../../shared/plan";
import {
  ZCreatePlanItemResponse,
  ZGetPlanItemResponse,
  ZListPlanItemsResponse,
  ZPlanCommentResponse,
  ZPlanTransitionResponse,
} from "../../../shared/plan-responses";
import { endpoint, json } from "../../http/endpoint";
import { createRouter } from "../../http/router";
import { addPlanComment } from "./add-comment.service";
import { createPlanItem } from "./create-item.service";
import { getPlanItem } from "./get-item.service";
import { listPlanItems } from "./list-items.service";
import { planActorOf } from "./plan-actor";
import { transitionPlanItem } from "./transition.service";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Mailer } from "../../mail/outbox";

const byId = z.object({ id: z.uuid() });
const member = { access: "member", tag: "Automation plan" } as const;
const refused = { 409: json(ZErrorResponse, "Not allowed from the item's current state (the message names it).") };

export const requestExample = {
  title: "Copy web orders into the accounting system",
  problem: "Every order from the web shop is typed into the accounting system by hand.",
  triggerDescription: "A new order in the shop",
  systems: "Shopify, Exact Online",
  timesPerMonth: 200,
  minutesEach: 4,
  priority: "normal",
  wishedDate: "2027-03-01",
};

const listEndpoint = endpoint({
  ...member,
  method: "get",
  path: "/items",
  operationId: "listPlanItems",
  summary: "The caller's company's automation plan (staff: every company's), newest first",
  request: { query: ZListPlanItemsQuery },
  responses: { 200: json(ZListPlanItemsResponse, "The items.") },
});

const createEndpoint = endpoint({
  ...member,
  method: "post",
  path: "/items",
  operationId: "createPlanItem",
  summary: "Ask the agency for a new automation",
  description: "When the company's plan limits requests a month and they are used, answers 409 saying so.",
  request: { body: ZCreatePlanItemRequest.meta({ example: requestExample }) },
  responses: { 201: json(ZCreatePlanItemResponse, "The request, waiting on the agency."), ...refused },
});

const getEndpoint = endpoint({
  ...member,
  method: "get",
  path: "/items/{id}",
  operationId: "getPlanItem",
  summary: "One item with its proposals, comments, history and promised against measured hours",
  request: { params: byId },
  responses: { 200: json(ZGetPlanItemResponse, "The item.") },
});

const transitionEndpoint = endpoint({
  ...member,
  method: "post",
  path: "/items/{id}/transitions",
  operationId: "transitionPlanItem",
  summary: "Approve a proposal version, decline it with a reason, or send a declined item back with changes",
  description:
    "Approving binds to the version sent: an outdated version is refused (409). A proposal that adds charges " +
    "(a setup fee, or a higher monthly fee) is approved by the company's owner only: other members get 403.",
  request: {
    params: byId,
    body: ZPlanTransitionRequest.meta({ example: { to: "approved", proposalVersion: 1 } }),
  },
  responses: {
    200: json(ZPlanTransitionResponse, "The item after the move."),
    403: json(ZErrorResponse, "Approving a proposal that adds charges is the owner's step (reason owner-approval)."),
    ...refused,
  },
});

const commentEndpoint = endpoint({
  ...member,
  method: "post",
  path: "/items/{id}/comments",
  operationId: "commentPlanItem",
  summary: "Write a comment on an item; the agency is told by email",
  request: { params: byId, body: ZPlanCommentRequest.meta({ example: { body: "Does this also cover refunds?" } }) },
  responses: { 201: json(ZPlanCommentResponse, "The comment.") },
});

/** The client's side of the automation plan (mounted under /api/plan). */
export function planRoutes({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) {
  const appUrl = config.APP_URL;
  return createRouter()
    .openapi(listEndpoint, async (c) =>
      c.json({ items: await listPlanItems(db, c.get("scope"), c.req.valid("query")) }, 200),
    )
    .openapi(createEndpoint, async (c) => {
      const actor = planActorOf(c, "client");
      const { item, notified } = await createPlanItem(db, c.get("scope"), actor, c.req.valid("json"), { appUrl });
      if (notified) mailer.nudge();
      return c.json(item, 201);
    })
    .openapi(getEndpoint, async (c) => {
      const scope = c.get("scope");
      const viewer = { id: c.get("user").id, side: scope.all ? ("staff" as const) : ("client" as const) };
      return c.json(await getPlanItem(db, scope, c.req.valid("param").id, viewer), 200);
    })
    .openapi(transitionEndpoint, async (c) => {
      const actor = planActorOf(c, "client");
      const { id } = c.req.valid("param");
      const { item, mailed } = await transitionPlanItem(db, c.get("scope"), actor, id, c.req.valid("json"), { appUrl });
      if (mailed) mailer.nudge();
      return c.json(item, 200);
    })
    .openapi(commentEndpoint, async (c) => {
      const actor = planActorOf(c, "client");
      const { id } = c.req.valid("param");
      const { comment, mailed } = await addPlanComment(db, c.get("scope"), actor, id, c.req.valid("json").body, {
        appUrl,
      });
      if (mailed) mailer.nudge();
      return c.json(comment, 201);
    });
}
