import { Button } from "./button";
import { DialogClose, DialogFooter } from "./dialog";

/**
 * The buttons under a dialog's form: one that closes the dialog without acting ("Cancel"), and
 * the submit button, which says what it does and, while it works, that it is working.
 */
export function DialogFormFooter({
  submitLabel,
  pendingLabel,
  pending,
  cancelLabel = "Cancel",
  destructive = false,
}: {
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  cancelLabel?: string;
  destructive?: boolean;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline">{cancelLabel}</Button>
      </DialogClose>
      <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
