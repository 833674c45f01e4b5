import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import type { ReactNode } from "react";

export interface ConfirmDialogProps {
  title: string;
  /** What will happen, in full. */
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  pending: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  /** Extra fields (the ban's reason); when given, they and the buttons form one form. */
  children?: ReactNode;
}

/** "Are you sure?" for one account action: says what will happen, then does it or not. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, description, confirmLabel, destructive, pending, error, onConfirm, onClose, children } = props;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm();
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          {error ? <Alert tone="error">{error}</Alert> : null}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={pending}>
              {pending ? "Working…" : confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
