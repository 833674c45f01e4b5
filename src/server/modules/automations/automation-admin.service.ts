import { eq } from "drizzle-orm";
import { isUuid } from "../../../shared/uuid";
import { automation } from "../../db/schema/automations";
import { company } from "../../db/schema/companies";
import { notFound } from "../../lib/app-error";
import type { ZCreateAutomationRequest, ZUpdateAutomationRequest } from "../../../shared/automations";
import type { Database } from "../../db/client";
import type { z } from "zod";

type CreateInput = z.output<typeof ZCreateAutomationRequest>;
type UpdateInput = z.output<typeof ZUpdateAutomationRequest>;
const NO_AUTOMATION = "There is no such automation.";

/** Staff register an automation for a client company. */
export async function createAutomation(db: Database, staffId: string, input: CreateInput, now = new Date()) {
  const [target] = await db.select({ id: company.id }).from(company).where(eq(company.id, input.companyId));
  if (!target) throw notFound("There is no such company.");
  const [created] = await db
    .insert(automation)
    .values({
      ...input,
      liveSince: input.status === "live" ? now : null,
      createdBy: staffId,
      updatedBy: staffId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: automation.id });
  return created!;
}

export async function updateAutomation(
  db: Database,
  staffId: string,
  id: string,
  input: UpdateInput,
  now = new Date(),
) {
  if (!isUuid(id)) throw notFound(NO_AUTOMATION);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(automation).where(eq(automation.id, id)).for("update");
    if (!current) throw notFound(NO_AUTOMATION);
    const becomesLive = input.status === "live" && current.status !== "live";
    const leavesLive = input.status !== undefined && input.status !== "live";
    await tx
      .update(automation)
      .set({
        ...input,
        updatedBy: staffId,
        updatedAt: now,
        ...(becomesLive ? { liveSince: now, staleSince: null } : {}),
        ...(leavesLive ? { staleSince: null } : {}),
      })
      .where(eq(automation.id, id));
    return { id };
  });
}
