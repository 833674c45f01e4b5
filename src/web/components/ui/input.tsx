import { cn } from "../../lib/cn";
import type { InputHTMLAttributes, Ref } from "react";

/** Shared look of text controls: input, textarea and the select trigger. */
export const controlClasses =
  "w-full rounded-md border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs sm:text-sm " +
  "placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60 " +
  "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring " +
  "aria-[invalid=true]:border-destructive";

export function Input({
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input className={cn(`flex h-10 ${controlClasses}`, className)} {...props} />;
}
