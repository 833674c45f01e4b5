import { planOps } from "../../../shared/operations/plan";
import { planSchemas } from "../../../shared/plan-responses";
import { conflictResponse, handle, operationEndpoint } from "../../http/endpoint";
import { addPlanComment } from "./add-comment.service";
import { listPlanQueue } from "./list-items.service";
import { planActorOf } from "./plan-actor";
import { transitionPlanItem } from "./transition.service";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Mailer } from "../../mail/outbox";

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
export function staffPlanEndpoints({ db, config, mailer }: { db: Database; config: Config; mailer: Mailer }) {
  const appUrl = config.APP_URL;
  return [
    handle(queueEndpoint, async (c) => c.json({ items: await listPlanQueue(db, c.req.valid("query")) }, 200)),
    handle(transitionEndpoint, async (c) => {
      const { id } = c.req.valid("param");
      const actor = planActorOf(c, "staff");
      const { item, mailed } = await transitionPlanItem(db, { all: true }, actor, id, c.req.valid("json"), { appUrl });
      if (mailed) mailer.nudge();
      return c.json(item, 200);
    }),
    handle(commentEndpoint, async (c) => {
      const { id } = c.req.valid("param");
      const actor = planActorOf(c, "staff");
      const body = c.req.valid("json").body;
      const { comment, mailed } = await addPlanComment(db, { all: true }, actor, id, body, { appUrl });
      if (mailed) mailer.nudge();
      return c.json(comment, 201);
    }),
  ];
}
