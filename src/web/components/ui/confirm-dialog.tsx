import { useState, type ReactNode } from "react";
import { toApiError } from "../../lib/api";
import { Alert } from "./alert";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "./dialog";
import { DialogFormFooter } from "./dialog-form-footer";

export interface ConfirmDialogProps {
  title: string;
  /** What will happen, in words the person confirming can check. */
  description: ReactNode;
  confirmLabel: string;
  /** The button that closes the dialog without acting: "Cancel" unless given. */
  cancelLabel?: string;
  destructive?: boolean;
  /** Announces the dialog as an alert dialog: a warning that interrupts. */
  alert?: boolean;
  /**
   * Does the action. A promise keeps the confirm button busy until it settles; if it rejects,
   * the reason stays in the dialog; if it resolves, a dialog opened by `trigger` closes.
   */
  onConfirm: () => unknown;
  /** For a caller that runs the action itself: its progress and its refusal. */
  pending?: boolean;
  error?: string | null;
  /** The button that opens the dialog. Without it, the dialog is open while it is rendered. */
  trigger?: ReactNode;
  /** Called when the person closes the dialog (Cancel, Escape, outside). */
  onClose?: () => void;
  /** Fields the action needs (a ban's reason): they and the buttons form one form. */
  children?: ReactNode;
}

/** "Are you sure?" before an action: says what will happen, then does it or not. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, description, confirmLabel, cancelLabel = "Cancel", destructive, trigger, children } = props;
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const pending = running || Boolean(props.pending);
  const error = props.error ?? failure;

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setFailure(null);
      props.onClose?.();
    }
  };
  async function confirm() {
    const result = props.onConfirm();
    if (!(result instanceof Promise)) return;
    setRunning(true);
    setFailure(null);
    try {
      await result;
      if (trigger) setOpen(false);
    } catch (reason) {
      setFailure(toApiError(reason).message);
    } finally {
      setRunning(false);
    }
  }

  return (
    <Dialog open={trigger ? open : true} onOpenChange={changeOpen}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent {...(props.alert ? { role: "alertdialog" } : {})}>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          {error ? <Alert tone="error">{error}</Alert> : null}
          <DialogFormFooter
            submitLabel={confirmLabel}
            pendingLabel="Working…"
            pending={pending}
            cancelLabel={cancelLabel}
            destructive={destructive}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
