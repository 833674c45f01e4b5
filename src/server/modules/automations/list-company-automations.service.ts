import { and, desc, eq, isNull } from "drizzle-orm";
import { isUuid } from "../../../shared/uuid";
import { requireCompany } from "../../context/company-scope";
import { automation, ingestKey } from "../../db/schema/automations";
import { notFound } from "../../lib/app-error";
import { listAutomations } from "./list-automations.service";
import { NO_AUTOMATION } from "./locked-automation";
import type { AutomationDetail } from "../../../shared/automation-responses";
import type { StaffAutomation } from "../../../shared/staff-automations";
import type { Database } from "../../db/client";

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
  db: Database,
  companyId: string,
  filter: { id?: string } = {},
  now = new Date(),
): Promise<StaffAutomation[]> {
  await requireCompany(db, companyId);
  const automations = await listAutomations(db, { all: false, companyId }, { id: filter.id }, now);
  if (automations.length === 0) return [];
  const keys = await db
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
        filter.id ? eq(ingestKey.automationId, filter.id) : undefined,
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
export async function getCompanyAutomation(db: Database, companyId: string, automationId: string) {
  if (!isUuid(automationId)) throw notFound(NO_AUTOMATION);
  const [found] = await listCompanyAutomations(db, companyId, { id: automationId });
  if (!found) throw notFound(NO_AUTOMATION);
  return found;
}
