import { cn } from "../../lib/cn";
import type { HTMLAttributes } from "react";

const tones = {
  info: "border-primary/30 bg-accent text-accent-foreground",
  success: "border-success/40 bg-success/10 text-foreground",
  error: "border-destructive/40 bg-destructive/10 text-foreground",
} as const;

/** A message box; errors are announced to screen readers as they appear. */
export function Alert({
  tone = "info",
  className,
  ...props
}: HTMLAttributes<HTMLDivElement> & { tone?: keyof typeof tones }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn(`rounded-md border px-4 py-3 text-sm [&_a]:font-medium [&_a]:underline ${tones[tone]}`, className)}
      {...props}
    />
  );
}
