import { z } from "zod";

const count = () => z.number().int().min(0);

/** Headline counts for the agency dashboard. */
export const ZGetAdminOverviewResponse = z.object({
  clients: count(),
  staff: count(),
  unconfirmedUsers: count().meta({
    description: "Accounts whose email address is not confirmed yet.",
  }),
  signUpsLast7Days: count().meta({
    description: "Client accounts created in the last 7 days.",
  }),
  companies: count(),
  undeliveredMail: count().meta({
    description: "Messages in the outbox that failed for good.",
  }),
});
export type TGetAdminOverviewResponse = z.infer<typeof ZGetAdminOverviewResponse>;
