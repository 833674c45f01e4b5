import { eq } from "drizzle-orm";
import { requireCompany } from "../../context/company-scope";
import { automation } from "../../db/schema/automations";
import { audit } from "../audit";
import { getCompanyAutomation } from "./list-company-automations.service";
import { automationLabel, lockCompanyAutomation } from "./locked-automation";
import type { ZCreateAutomationRequest, ZUpdateAutomationRequest } from "../../../shared/automations";
import type { ActorContext } from "../../context/service-context";
import type { z } from "zod";

type CreateInput = z.output<typeof ZCreateAutomationRequest>;
type UpdateInput = z.output<typeof ZUpdateAutomationRequest>;
type Field = keyof CreateInput;

/** The fields staff write, in form order, as a summary names them. */
const FIELD_NAMES: Record<Field, string> = {
  name: "name",
  purpose: "purpose",
  platform: "platform",
  triggerDescription: "trigger",
  expectedEveryMinutes: "expected schedule",
  minutesSavedPerRun: "minutes saved per run",
  status: "status",
  failureThreshold: "failure threshold",
};
const FIELDS = Object.keys(FIELD_NAMES) as Field[];

const pick = (source: Partial<Record<Field, unknown>>, fields: Field[]) =>
  Object.fromEntries(fields.map((field) => [field, source[field]]));

/** "name", "name and status", "name, status and failure threshold". */
const listed = (words: string[]) =>
  words.length === 1 ? words[0]! : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;

/** Staff register an automation for a client company; the automation and its audit entry are written together. */
export async function createAutomation(ctx: ActorContext, input: CreateInput & { companyId: string }) {
  const { companyId, ...fields } = input;
  const { now, actor } = ctx;
  const id = await ctx.transaction(async (tx) => {
    const target = await requireCompany(tx.db, companyId);
    const [created] = await tx.db
      .insert(automation)
      .values({
        ...fields,
        companyId,
        liveSince: fields.status === "live" ? now : null,
        createdBy: actor.id,
        updatedBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: automation.id });
    await audit(tx, {
      action: "automation.created",
      companyId,
      objectType: "automation",
      objectId: created!.id,
      summary: `Registered the automation ${automationLabel(fields, target.name)}`,
      after: pick(fields, FIELDS),
    });
    return created!.id;
  });
  return getCompanyAutomation(ctx, { companyId, id });
}

/**
 * Changes the fields sent that differ from what is stored; the audit entry holds those fields
 * before and after. Nothing that really changes writes nothing. A retired automation is final (409).
 */
export async function updateAutomation(ctx: ActorContext, input: UpdateInput & { companyId: string; id: string }) {
  const { companyId, id, ...fields } = input;
  const { now, actor } = ctx;
  await ctx.transaction(async (tx) => {
    const { row, companyName } = await lockCompanyAutomation(tx.db, companyId, id);
    const changed = FIELDS.filter((field) => fields[field] !== undefined && fields[field] !== row[field]);
    if (changed.length === 0) return;
    const after = pick(fields, changed) as UpdateInput;
    const becomesLive = after.status === "live";
    const leavesLive = after.status !== undefined && after.status !== "live";
    await tx.db
      .update(automation)
      .set({
        ...after,
        updatedBy: actor.id,
        updatedAt: now,
        ...(becomesLive ? { liveSince: now, staleSince: null } : {}),
        ...(leavesLive ? { staleSince: null } : {}),
      })
      .where(eq(automation.id, id));
    await audit(tx, {
      action: "automation.updated",
      companyId,
      objectType: "automation",
      objectId: id,
      summary: `Changed the ${listed(changed.map((field) => FIELD_NAMES[field]))} of ${automationLabel(row, companyName)}`,
      before: pick(row, changed),
      after,
    });
  });
  return getCompanyAutomation(ctx, { companyId, id });
}
