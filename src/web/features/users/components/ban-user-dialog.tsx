import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { ZBanUserRequest, type TBanUserRequest, type TStaffUser } from "../../../../shared/users";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { plural } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useBanUser } from "../api/ban-user";

/** Ban…: asks for the reason, says what a ban does, then bans. */
export function BanUserDialog({ user, onClose }: { user: TStaffUser; onClose: () => void }) {
  const ban = useBanUser(user.id);
  const form = useForm<TBanUserRequest>({ resolver: zodResolver(ZBanUserRequest), defaultValues: { reason: "" } });
  const submit = form.handleSubmit((values) =>
    ban.mutate(values, {
      onSuccess: ({ sessionsEnded }) => {
        toast.success(`${user.email} is banned; ${plural(sessionsEnded, "session")} ended.`);
        onClose();
      },
    }),
  );
  return (
    <ConfirmDialog
      title={`Ban ${user.email}?`}
      description="They are signed out everywhere at once and cannot sign in until someone unbans them. The reason goes to the audit and security logs."
      confirmLabel="Ban account"
      destructive
      pending={ban.isPending}
      error={ban.error?.message}
      onConfirm={() => void submit()}
      onClose={onClose}
    >
      <FormField label="Reason" error={form.formState.errors.reason?.message}>
        {(field) => <Input {...field} autoComplete="off" maxLength={255} {...form.register("reason")} />}
      </FormField>
    </ConfirmDialog>
  );
}
