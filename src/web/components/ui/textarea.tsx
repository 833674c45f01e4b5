import { cn } from "../../lib/cn";
import { controlClasses } from "./input";
import type { Ref, TextareaHTMLAttributes } from "react";

export function Textarea({
  className,
  rows = 5,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  return <textarea rows={rows} className={cn(`flex min-h-24 resize-y ${controlClasses}`, className)} {...props} />;
}
