import { KeyRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { passkeyNameField } from "../../../../shared/better-auth-requests";
import { firstIssueMessage } from "../../../../shared/fields";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { toApiError } from "../../../lib/api";
import { formatDate } from "../../../lib/format";
import { toast } from "../../../lib/toast";
import { useAddPasskey, usePasskeys, useRemovePasskey, type Passkey } from "../api/passkeys";

/** "Passkeys" on /account: a passkey signs in without a password and counts as both factors. */
export function PasskeysCard({ onChanged }: { onChanged: () => void }) {
  const passkeys = usePasskeys();
  const [adding, setAdding] = useState(false);
  return (
    <Card id="passkeys">
      <CardHeader>
        <CardTitle>Passkeys</CardTitle>
        <CardDescription>
          A passkey lets this device, your phone or a security key sign you in without your password. It counts as both
          factors: signing in with it asks for no code.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {passkeys.isError ? <Alert tone="error">{passkeys.error.message}</Alert> : null}
        {passkeys.isPending ? <p className="text-sm text-muted-foreground">Loading...</p> : null}
        {passkeys.data?.length === 0 && !adding ? (
          <p className="text-sm">No passkeys yet: signing in asks for your password.</p>
        ) : null}
        {passkeys.data?.length ? (
          <ul className="divide-y rounded-md border" aria-label="Your passkeys">
            {passkeys.data.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} onRemoved={onChanged} />
            ))}
          </ul>
        ) : null}
        {adding ? (
          <AddPasskeyForm
            onCancel={() => setAdding(false)}
            onAdded={(name) => {
              setAdding(false);
              toast.success(`The passkey "${name}" was added. You can sign in with it from now on.`);
              onChanged();
            }}
          />
        ) : (
          <Button className="self-start" onClick={() => setAdding(true)}>
            Add a passkey
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

const passkeyLabel = (passkey: Passkey) => passkey.name || "Unnamed passkey";

function PasskeyRow({ passkey, onRemoved }: { passkey: Passkey; onRemoved: () => void }) {
  const remove = useRemovePasskey();
  const name = passkeyLabel(passkey);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <KeyRound className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
        <div>
          <p className="text-sm font-medium break-all">{name}</p>
          <p className="text-sm text-muted-foreground">
            {passkey.createdAt ? `Added ${formatDate(passkey.createdAt)}` : "Added"}
            {passkey.deviceType === "multiDevice" ? " · synced across your devices" : " · kept on one device"}
          </p>
        </div>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm" aria-label={`Remove passkey ${name}`}>
            Remove
          </Button>
        }
        title={`Remove the passkey "${name}"?`}
        description="It will no longer sign you in to Cogwork. Remove it from the device or password manager too, where it is still listed."
        confirmLabel="Remove passkey"
        cancelLabel="Keep it"
        destructive
        onConfirm={async () => {
          await remove.mutateAsync(passkey.id);
          toast.success(`The passkey "${name}" was removed.`);
          onRemoved();
        }}
      />
    </li>
  );
}

function AddPasskeyForm({ onCancel, onAdded }: { onCancel: () => void; onAdded: (name: string) => void }) {
  const add = useAddPasskey();
  const [name, setName] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = passkeyNameField.safeParse(name);
    if (!parsed.success) return setFieldError(firstIssueMessage(parsed.error));
    setFieldError(undefined);
    setError(null);
    const failure = await add.mutateAsync(parsed.data).then(() => null, toApiError);
    if (failure) return setError(failure.message);
    onAdded(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Add a passkey" className="flex max-w-md flex-col gap-4">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <FormField
        label="Passkey name"
        error={fieldError}
        hint="To tell your passkeys apart, for example Work laptop or Phone."
      >
        {(control) => (
          <Input
            {...control}
            value={name}
            maxLength={60}
            autoComplete="off"
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? "Waiting for your passkey…" : "Create passkey"}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
