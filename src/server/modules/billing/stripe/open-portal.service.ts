import { eq } from "drizzle-orm";
import { billingCustomer } from "../../../db/schema/billing";
import { conflict } from "../../../lib/app-error";
import { settingsOf } from "../billing-settings";
import { providerOf, requireCard } from "./provider";
import type { TRedirectResponse } from "../../../../shared/billing";
import type { ServiceContext } from "../../../context/service-context";

/** The owner manages the card in Stripe's customer portal; only once the company pays by card. */
export async function openPortal(ctx: ServiceContext, input: { companyId: string }): Promise<TRedirectResponse> {
  const { companyId } = input;
  const card = requireCard(providerOf(ctx));
  const [customer] = await ctx.db.select().from(billingCustomer).where(eq(billingCustomer.companyId, companyId));
  if (!customer) throw conflict("There is no card to manage yet: start with Pay by card.", "no-card");
  return { url: await card.portalUrl(customer.stripeCustomerId, `${settingsOf(ctx).appUrl}/billing`) };
}
