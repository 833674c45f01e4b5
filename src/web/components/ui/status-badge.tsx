import { cn } from "../../lib/cn";
import type { HTMLAttributes } from "react";

const tones = {
  neutral: "border-border bg-muted before:bg-muted-foreground",
  info: "border-primary/30 bg-accent before:bg-primary",
  success: "border-success/40 bg-success/10 before:bg-success",
  warning: "border-warning/50 bg-warning/15 before:bg-warning",
  danger: "border-destructive/40 bg-destructive/10 before:bg-destructive",
} as const;
export type StatusTone = keyof typeof tones;

/** A small label with a coloured dot; the text carries the meaning, the colour only repeats it. */
export function StatusBadge({
  tone = "neutral",
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: StatusTone }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-foreground",
        "before:size-1.5 before:rounded-full before:content-['']",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
