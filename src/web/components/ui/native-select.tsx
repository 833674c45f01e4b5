import { cn } from "../../lib/cn";
import type { Ref, SelectHTMLAttributes } from "react";

export function NativeSelect({
  className,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return (
    <select
      className={cn(
        "flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-base text-foreground sm:text-sm",
        className,
      )}
      {...props}
    />
  );
}
