import { and, desc, eq, isNull } from "drizzle-orm";
import { isUuid } from "../../../shared/uuid";
import { requireCompany } from "../../context/company-scope";
import { automation, ingestKey } from "../../db/schema/automations";
import { notFound } from "../../lib/app-error";
import { listAutomations } from "./list-automations.service";
import { NO_AUTOMATION } from "./locked-automation";
import type { AutomationDetail } from "../../../shared/automations";
import type { StaffAutomation } from "../../../shared/staff-automations";
import type { ServiceContext } from "../../context/service-context";

type ActiveKey = NonNullable<StaffAutomation["activeKey"]>;

/** The client's view plus what staff manage: the stored status, the health of a live one, its working key. */
function staffView(detail: AutomationDetail, key: ActiveKey | undefined): StaffAutomation {
  const { status } = detail;
  const derived = status === "failing" || status === "stale";
  return {
    ...detail,
    lifecycleStatus: derived ? "live" : status,
    health: derived ? status : status === "live" ? "ok" : null,
    activeKey: key ?? null,
  };
}

/** One company's automations as staff see them: the client's list, scoped to that company, with each working key. */
export async function listCompanyAutomations(
  ctx: ServiceContext,
  input: { companyId: string; id?: string },
): Promise<StaffAutomation[]> {
  const { companyId } = input;
  await requireCompany(ctx.db, companyId);
  const automations = await listAutomations(ctx.with({ scope: { all: false, companyId } }), { id: input.id });
  if (automations.length === 0) return [];
  const keys = await ctx.db
    .select({
      automationId: ingestKey.automationId,
      id: ingestKey.id,
      prefix: ingestKey.prefix,
      createdAt: ingestKey.createdAt,
      lastUsedAt: ingestKey.lastUsedAt,
    })
    .from(ingestKey)
    .innerJoin(automation, eq(automation.id, ingestKey.automationId))
    .where(
      and(
        eq(automation.companyId, companyId),
        isNull(ingestKey.revokedAt),
        input.id ? eq(ingestKey.automationId, input.id) : undefined,
      ),
    )
    .orderBy(desc(ingestKey.createdAt));
  const newest = new Map<string, ActiveKey>();
  for (const { automationId, ...key } of keys) {
    if (newest.has(automationId)) continue;
    newest.set(automationId, {
      ...key,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    });
  }
  return automations.map((detail) => staffView(detail, newest.get(detail.id)));
}

/** One automation of the company as staff see it; 404 when the company has no such automation. */
export async function getCompanyAutomation(ctx: ServiceContext, input: { companyId: string; id: string }) {
  if (!isUuid(input.id)) throw notFound(NO_AUTOMATION);
  const [found] = await listCompanyAutomations(ctx, { companyId: input.companyId, id: input.id });
  if (!found) throw notFound(NO_AUTOMATION);
  return found;
}
