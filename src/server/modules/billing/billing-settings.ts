import type { TLegalParty, TPayTo } from "../../../shared/billing";
import type { Config } from "../../config";

/** What billing reads from the configuration: where to pay, the default tax, links, the card provider. */
export interface BillingSettings {
  appUrl: string;
  payTo: TPayTo;
  /** The agency as invoices name it (BILLING_LEGAL_NAME, BILLING_ADDRESS, BILLING_VAT_NUMBER, BILLING_COMPANY_NUMBER). */
  payee: TLegalParty;
  /** BILLING_REQUIRE_CLIENT_DETAILS: no invoice is finalized for a company without its legal name and address. */
  requireClientDetails: boolean;
  taxRateBp: number;
  /** Stripe, when both its keys are set; null: the manual provider only (ADR 0016). */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | null } | null;
}

/** An address from one environment line: " | " or a written "\n" separates its lines. */
const addressLines = (value: string) =>
  value
    .split(/\s*\|\s*|\\n|\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join("\n");

export function billingSettings(config: Config): BillingSettings {
  return {
    appUrl: config.APP_URL,
    payTo: {
      issuer: config.BILLING_ISSUER,
      payee: config.BILLING_PAYEE ?? null,
      iban: config.BILLING_IBAN ?? null,
      bic: config.BILLING_BIC ?? null,
      instructions: config.BILLING_PAYMENT_INSTRUCTIONS ?? null,
    },
    payee: {
      legalName: config.BILLING_LEGAL_NAME ?? config.BILLING_PAYEE ?? config.BILLING_ISSUER,
      address: addressLines(config.BILLING_ADDRESS ?? ""),
      vatNumber: config.BILLING_VAT_NUMBER ?? null,
      companyNumber: config.BILLING_COMPANY_NUMBER ?? null,
    },
    requireClientDetails: config.BILLING_REQUIRE_CLIENT_DETAILS,
    taxRateBp: Math.round(config.BILLING_TAX_RATE_PERCENT * 100),
    stripe:
      config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: config.STRIPE_SECRET_KEY,
            webhookSecret: config.STRIPE_WEBHOOK_SECRET,
            apiUrl: config.STRIPE_API_URL ?? null,
          }
        : null,
  };
}

const settingsByConfig = new WeakMap<Config, BillingSettings>();

/** The billing settings of the context's configuration (read once per configuration). */
export function settingsOf(ctx: { app: { config: Config } }): BillingSettings {
  const { config } = ctx.app;
  let settings = settingsByConfig.get(config);
  if (!settings) {
    settings = billingSettings(config);
    settingsByConfig.set(config, settings);
  }
  return settings;
}
