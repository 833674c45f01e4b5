import { eq } from "drizzle-orm";
import { company } from "../../db/schema/companies";
import { planItem } from "../../db/schema/plan";
import { AppError, forbidden, notFound } from "../../lib/app-error";
import { enqueueMail } from "../../mail/outbox";
import { planRequestedMail } from "../../mail/plan-templates";
import { requestsThisMonth } from "../billing";
import { getPlanItem } from "./get-item.service";
import { addHistory, type PlanActor } from "./plan-item-row";
import { itemUrl, staffEmails } from "./recipients";
import { requestLimitPerMonth, type RequestLimitLookup } from "./request-limit";
import type { ZCreatePlanItemRequest } from "../../../shared/plan";
import type { CompanyScope } from "../../context/company-scope";
import type { Database } from "../../db/client";
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
export async function createPlanItem(
  db: Database,
  scope: CompanyScope,
  actor: PlanActor,
  input: Input,
  options: { appUrl: string; now?: Date; requestLimit?: RequestLimitLookup },
) {
  const companyId = clientCompany(scope);
  const now = options.now ?? new Date();
  const limit = await (options.requestLimit ?? requestLimitPerMonth)(db, companyId);
  const { id, notified } = await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ name: company.name })
      .from(company)
      .where(eq(company.id, companyId))
      .for("update");
    if (!target) throw notFound("Your account does not belong to a client company.");
    if (limit !== null) {
      if ((await requestsThisMonth({ db: tx, now }, companyId)) >= limit)
        throw new AppError(
          "CONFLICT",
          `Your plan includes ${limit} automation ${limit === 1 ? "request" : "requests"} a month, and this month's are used. ` +
            "You can ask again next month, or change your plan on the Billing page.",
          { reason: "request-limit" },
        );
    }
    const [created] = await tx
      .insert(planItem)
      .values({ ...input, companyId, requestedBy: actor.id, stateChangedAt: now, createdAt: now, updatedAt: now })
      .returning({ id: planItem.id });
    await addHistory(tx, created!.id, actor, { field: "state", to: "requested", comment: null }, now);
    const mail = planRequestedMail({
      companyName: target.name,
      title: input.title,
      url: itemUrl(options.appUrl, "staff", created!.id),
    });
    const staff = await staffEmails(tx);
    for (const email of staff) await enqueueMail(tx, email, mail);
    return { id: created!.id, notified: staff.length > 0 };
  });
  return { item: await getPlanItem(db, scope, id, actor, now), notified };
}
