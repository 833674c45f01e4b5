import type { TextareaHTMLAttributes } from "react";
import { cn } from "../../lib/cn";

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <textarea
      className={cn(
        "flex min-h-24 w-full rounded-md border border-input bg-card px-3 py-2 text-base text-foreground sm:text-sm",
        "placeholder:text-muted-foreground aria-[invalid=true]:border-destructive",
        className,
      )}
      {...props}
    />
  );
}
