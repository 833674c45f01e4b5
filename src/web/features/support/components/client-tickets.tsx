import { useState } from "react";
import { StaffQueue } from "./staff-queue";
import type { QueueFilter } from "../api/staff-ticket-queue";

/** The client detail's Tickets tab: the queue of one company, filtered here rather than in the address. */
export function ClientTickets({ companyId }: { companyId: string }) {
  const [filter, setFilter] = useState<QueueFilter>({ page: 1 });
  const update = (changes: Record<string, string>) =>
    setFilter((current) => ({
      ...current,
      page: 1,
      ...changes,
      ...("page" in changes ? { page: Number(changes.page) } : {}),
    }));
  return <StaffQueue filter={{ ...filter, companyId }} update={update} hideClient />;
}
