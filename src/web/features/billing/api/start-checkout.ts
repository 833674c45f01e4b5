import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { TRedirectResponse } from "../../../../shared/billing-schemas";

/** The address of a Stripe Checkout page for the company's plan (owner only). */
export const startCheckout = () => apiFetch<TRedirectResponse>("/api/billing/checkout", { method: "POST" });
export const useStartCheckout = () => useMutation({ mutationFn: startCheckout });
