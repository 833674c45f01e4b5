import { and, eq } from "drizzle-orm";
import { isUuid } from "../../../shared/uuid";
import { inScope } from "../../context/company-scope";
import { automation } from "../../db/schema/automations";
import { notFound } from "../../lib/app-error";
import { createTicket } from "../support";
import type { ActorContext } from "../../context/service-context";

/** "Report a problem": a broken-automation ticket linked to the automation (and the run); the agency is told. */
export async function reportProblem(
  ctx: ActorContext,
  input: { automationId: string; runId: string | null; message: string },
) {
  if (!isUuid(input.automationId)) throw notFound("There is no such automation in your company.");
  const [target] = await ctx.db
    .select({ name: automation.name })
    .from(automation)
    .where(and(eq(automation.id, input.automationId), inScope(automation.companyId, ctx.scope)));
  if (!target) throw notFound("There is no such automation or run in your company.");
  const created = await createTicket(ctx, {
    subject: `Problem with ${target.name}`.slice(0, 255),
    category: "broken_automation",
    priority: "normal",
    message: input.message,
    automationId: input.automationId,
    runId: input.runId,
    watcherIds: [],
    attachments: [],
  });
  return {
    id: created.id,
    createdAt: created.createdAt,
    message: "Thank you. We opened a support ticket and the agency will look into it.",
  };
}
