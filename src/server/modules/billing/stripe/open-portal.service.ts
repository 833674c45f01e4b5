import { eq } from "drizzle-orm";
import { billingCustomer } from "../../../db/schema/billing";
import { conflict } from "../../../lib/app-error";
import { requireCard, type BillingProvider } from "./provider";
import type { TRedirectResponse } from "../../../../shared/billing-schemas";
import type { Database } from "../../../db/client";

/** The owner manages the card in Stripe's customer portal; only once the company pays by card. */
export async function openPortal(
  db: Database,
  companyId: string,
  provider: BillingProvider,
  appUrl: string,
): Promise<TRedirectResponse> {
  const card = requireCard(provider);
  const [customer] = await db.select().from(billingCustomer).where(eq(billingCustomer.companyId, companyId));
  if (!customer) throw conflict("There is no card to manage yet: start with Pay by card.", "no-card");
  return { url: await card.portalUrl(customer.stripeCustomerId, `${appUrl}/billing`) };
}
