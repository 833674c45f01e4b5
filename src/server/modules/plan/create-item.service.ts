import { eq } from "drizzle-orm";
import { company } from "../../db/schema/companies";
import { planItem } from "../../db/schema/plan";
import { AppError, forbidden, notFound } from "../../lib/app-error";
import { planRequestedMail } from "../../mail/plan-templates";
import { requestsThisMonth } from "../billing";
import { getPlanItem } from "./get-item.service";
import { addHistory } from "./plan-item-row";
import { itemUrl, staffEmails } from "./recipients";
import { requestLimitPerMonth } from "./request-limit";
import type { ZCreatePlanItemRequest } from "../../../shared/plan";
import type { CompanyScope } from "../../context/company-scope";
import type { ActorContext } from "../../context/service-context";
import type { z } from "zod";

type Input = z.output<typeof ZCreatePlanItemRequest>;

/** The company a client acts for; staff act on items from the staff console, never as a client. */
export function clientCompany(scope: CompanyScope): string {
  if (scope.all) throw forbidden("Agency staff change plan items from the staff console.");
  if (!scope.companyId) throw notFound("Your account does not belong to a client company.");
  return scope.companyId;
}

/**
 * A client asks for an automation. The company row is locked while this month's requests are
 * counted, so two requests at once cannot both pass a limit. Staff are told by email.
 */
export async function createPlanItem(ctx: ActorContext, input: Input) {
  const companyId = clientCompany(ctx.scope);
  const limit = await requestLimitPerMonth(ctx, companyId);
  const id = await ctx.transaction(async (tx) => {
    const [target] = await tx.db
      .select({ name: company.name })
      .from(company)
      .where(eq(company.id, companyId))
      .for("update");
    if (!target) throw notFound("Your account does not belong to a client company.");
    if (limit !== null) {
      if ((await requestsThisMonth(tx, companyId)) >= limit)
        throw new AppError(
          "CONFLICT",
          `Your plan includes ${limit} automation ${limit === 1 ? "request" : "requests"} a month, and this month's are used. ` +
            "You can ask again next month, or change your plan on the Billing page.",
          { reason: "request-limit" },
        );
    }
    const [created] = await tx.db
      .insert(planItem)
      .values({
        ...input,
        companyId,
        requestedBy: tx.actor.id,
        stateChangedAt: tx.now,
        createdAt: tx.now,
        updatedAt: tx.now,
      })
      .returning({ id: planItem.id });
    await addHistory(tx, created!.id, "client", { field: "state", to: "requested", comment: null });
    const mail = planRequestedMail({
      companyName: target.name,
      title: input.title,
      url: itemUrl(tx.app.config.APP_URL, "staff", created!.id),
    });
    for (const email of await staffEmails(tx.db)) await tx.outbox.enqueue(email, mail);
    return created!.id;
  });
  return getPlanItem(ctx, { id });
}
