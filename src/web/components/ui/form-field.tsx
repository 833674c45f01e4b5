import { useId, type ReactElement, type ReactNode } from "react";
import { cn } from "../../lib/cn";

interface FormFieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
  /** Receives the ids to wire the control to its label, hint and error. */
  children: (control: { id: string; "aria-invalid": boolean; "aria-describedby"?: string }) => ReactElement;
}

export function FormField({ label, error, hint, className, children }: FormFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, "aria-invalid": Boolean(error), "aria-describedby": describedBy })}
      {hint && !error ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
