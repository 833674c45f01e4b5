import { isUuid } from "../../../shared/uuid";
import { notFound } from "../../lib/app-error";
import { listAutomations } from "./list-automations.service";
import type { AutomationDetail } from "../../../shared/automations";
import type { ServiceContext } from "../../context/service-context";

/** One automation in scope with its figures; any other id, or one of another company, is not found. */
export async function getAutomation(ctx: ServiceContext, input: { id: string }): Promise<AutomationDetail> {
  const [found] = isUuid(input.id) ? await listAutomations(ctx, { id: input.id }) : [];
  if (!found) throw notFound("There is no such automation in your company.");
  return found;
}
