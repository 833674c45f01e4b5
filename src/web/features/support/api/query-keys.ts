import type { TicketFilter } from "./list-tickets";
import type { QueueFilter } from "./staff-ticket-queue";

/** Every query key of the support feature ("tickets" first: a run's problem report invalidates them all). */
export const supportKeys = {
  all: ["tickets"] as const,
  list: (filter: TicketFilter) => [...supportKeys.all, "list", filter] as const,
  detail: (id: string) => [...supportKeys.all, "detail", id] as const,
  queue: (filter: QueueFilter) => [...supportKeys.all, "queue", filter] as const,
  stats: () => [...supportKeys.all, "stats"] as const,
  companies: () => [...supportKeys.all, "companies"] as const,
  canned: () => [...supportKeys.all, "canned-replies"] as const,
  slaTargets: () => [...supportKeys.all, "sla-targets"] as const,
  choices: (automationId?: string) => [...supportKeys.all, "choices", automationId ?? "automations"] as const,
};
