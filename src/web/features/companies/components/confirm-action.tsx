import { useState, type ReactNode } from "react";
import { toast } from "sonner";
import { Alert } from "../../../components/ui/alert";
import { Button, type ButtonVariant } from "../../../components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../../components/ui/dialog";
import { toApiError } from "../../../lib/api";

interface ConfirmActionProps {
  /** The text of the button that opens the dialog. */
  trigger: string;
  /** The button's accessible name when the text alone does not say which object it acts on. */
  triggerName?: string;
  triggerVariant?: ButtonVariant;
  title: string;
  /** What will happen, in words the person confirming can check. */
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  /** Shown as a toast once the action succeeded. */
  done: string;
  onConfirm: () => Promise<unknown>;
}

/** A button whose action runs only after a dialog has said what it does; a refusal stays in the dialog. */
export function ConfirmAction(props: ConfirmActionProps) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setPending(true);
    setError(null);
    try {
      await props.onConfirm();
      setOpen(false);
      toast.success(props.done);
    } catch (failure) {
      setError(toApiError(failure).message);
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant={props.triggerVariant ?? "outline"} size="sm" aria-label={props.triggerName}>
          {props.trigger}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogDescription>{props.description}</DialogDescription>
        </DialogHeader>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep as is</Button>
          </DialogClose>
          <Button variant={props.destructive ? "destructive" : "default"} disabled={pending} onClick={confirm}>
            {pending ? "Working…" : props.confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
