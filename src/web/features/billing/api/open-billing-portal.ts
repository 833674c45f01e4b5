import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { TRedirectResponse } from "../../../../shared/billing-schemas";

/** The address of a Stripe customer portal session, where the owner manages the card. */
export const openBillingPortal = () => apiFetch<TRedirectResponse>("/api/billing/portal", { method: "POST" });
export const useOpenBillingPortal = () => useMutation({ mutationFn: openBillingPortal });
