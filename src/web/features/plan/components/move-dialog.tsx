import { zodResolver } from "@hookform/resolvers/zod";
import { useState, type ReactNode } from "react";
import { useForm, type UseFormReturn } from "react-hook-form";
import { ZPlanTransitionRequest, type TPlanTransitionRequest } from "../../../../shared/plan";
import { Alert } from "../../../components/ui/alert";
import { Button, type ButtonVariant } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../../components/ui/dialog";
import { DialogFormFooter } from "../../../components/ui/dialog-form-footer";
import { toast } from "../../../lib/toast";
import { useTransitionPlanItem } from "../api/transition-plan-item";

export type MoveForm = UseFormReturn<TPlanTransitionRequest>;

/** The message of a field of the move's form (the form is a union of every kind of move). */
export const fieldError = (form: MoveForm, name: string): string | undefined => {
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  return errors[name]?.message;
};

/**
 * A move of an item behind a confirming dialog: what will happen, the fields the move needs,
 * and one button. Used for every action of both sides.
 */
export function MoveDialog({
  side,
  itemId,
  defaultValues,
  trigger,
  triggerVariant = "default",
  title,
  description,
  submitLabel,
  success,
  destructive = false,
  fields,
}: {
  side: "client" | "staff";
  itemId: string;
  defaultValues: TPlanTransitionRequest;
  trigger: ReactNode;
  triggerVariant?: ButtonVariant;
  title: string;
  description: ReactNode;
  submitLabel: string;
  success: string;
  destructive?: boolean;
  fields?: (form: MoveForm) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const move = useTransitionPlanItem(side, itemId);
  const form = useForm<TPlanTransitionRequest>({ resolver: zodResolver(ZPlanTransitionRequest), defaultValues });
  const submit = form.handleSubmit((values) =>
    move.mutate(values, {
      onSuccess: () => {
        setOpen(false);
        form.reset(defaultValues);
        toast.success(success);
      },
    }),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) move.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant={triggerVariant}>{trigger}</Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={title}>
          {move.isError ? <Alert tone="error">{move.error.message}</Alert> : null}
          {fields?.(form)}
          <DialogFormFooter
            submitLabel={submitLabel}
            pendingLabel="Saving..."
            pending={move.isPending}
            destructive={destructive}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
