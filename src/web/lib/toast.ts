import type { toast as sonnerToast } from "sonner";

/**
 * sonner's `toast`, loaded with its first toast: no screen's first download carries the library
 * (the Toaster that shows them loads it after hydration too, src/web/components/ui/toaster.tsx).
 */
type SonnerToast = typeof sonnerToast;
type Message = Parameters<SonnerToast>[0];
type Options = Parameters<SonnerToast>[1];

let loading: Promise<SonnerToast> | undefined;
const sonner = () => (loading ??= import("sonner").then((module) => module.toast));

const show =
  (kind?: "success" | "error" | "info") =>
  (message: Message, options?: Options): void => {
    void sonner().then((toast) => (kind ? toast[kind] : toast)(message, options));
  };

export const toast = Object.assign(show(), { success: show("success"), error: show("error"), info: show("info") });
