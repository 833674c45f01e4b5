import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import {
  CONNECTION_HEALTH_LABELS,
  ZCreateConnectionRequest,
  type TCreateConnectionRequest,
  type TTestConnectionResponse,
} from "../../../../shared/connections";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { PasswordInput } from "../../../components/ui/password-input";
import { toApiError } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useCreateConnection, useTestConnection } from "../api/connections";

type Tested = { values: string; result: TTestConnectionResponse };
const fingerprint = (v: { baseUrl: string; apiKey: string }) => JSON.stringify([v.baseUrl.trim(), v.apiKey.trim()]);

/** "Connect n8n": name, address and API key; "Test connection" must succeed before the connection is saved. */
export function ConnectForm({ companyId, onDone }: { companyId: string; onDone: () => void }) {
  const test = useTestConnection(companyId);
  const create = useCreateConnection(companyId);
  const [tested, setTested] = useState<Tested | null>(null);
  const form = useForm<TCreateConnectionRequest>({
    resolver: zodResolver(ZCreateConnectionRequest),
    defaultValues: { platform: "n8n", name: "", baseUrl: "", apiKey: "" },
  });
  const [baseUrl, apiKey] = useWatch({ control: form.control, name: ["baseUrl", "apiKey"] });
  const current = fingerprint({ baseUrl, apiKey });
  const proven = tested?.values === current && tested.result.health === "ok";

  const runTest = async () => {
    const valid = await form.trigger(["baseUrl", "apiKey"]);
    if (!valid) return;
    const values = form.getValues();
    test.mutate(
      { platform: "n8n", baseUrl: values.baseUrl, apiKey: values.apiKey },
      { onSuccess: (result) => setTested({ values: fingerprint(values), result }) },
    );
  };
  const save = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (connection) => {
        toast.success(`${connection.name} is connected.`);
        onDone();
      },
    }),
  );

  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-4" aria-label="Connect n8n">
      <FormField label="Name" error={form.formState.errors.name?.message} hint="How staff recognise this instance.">
        {(field) => <Input {...field} autoComplete="off" {...form.register("name")} />}
      </FormField>
      <FormField
        label="Base URL"
        error={form.formState.errors.baseUrl?.message}
        hint="The instance's address, such as https://n8n.example.com"
      >
        {(field) => <Input {...field} type="url" inputMode="url" autoComplete="off" {...form.register("baseUrl")} />}
      </FormField>
      <FormField
        label="API key"
        error={form.formState.errors.apiKey?.message}
        hint="Created in n8n under Settings → n8n API. It is stored encrypted and never shown again."
      >
        {(field) => <PasswordInput {...field} autoComplete="off" {...form.register("apiKey")} />}
      </FormField>
      <TestOutcome tested={tested} current={current} error={test.isError ? toApiError(test.error).message : null} />
      {create.isError ? <Alert tone="error">{toApiError(create.error).message}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="button" variant="outline" onClick={() => void runTest()} disabled={test.isPending}>
          {test.isPending ? "Testing…" : "Test connection"}
        </Button>
        <Button type="submit" disabled={!proven || create.isPending}>
          {create.isPending ? "Saving…" : "Save connection"}
        </Button>
      </div>
    </form>
  );
}

function TestOutcome({ tested, current, error }: { tested: Tested | null; current: string; error: string | null }) {
  if (error) return <Alert tone="error">{error}</Alert>;
  if (!tested) return <p className="text-sm text-muted-foreground">Test the connection to save it.</p>;
  if (tested.values !== current)
    return <p className="text-sm text-muted-foreground">The address or key changed: test the connection again.</p>;
  const { result } = tested;
  return (
    <Alert tone={result.health === "ok" ? "success" : "error"}>
      {CONNECTION_HEALTH_LABELS[result.health]}: {result.message}
      {result.workflowCount !== null ? ` (${result.workflowCount} workflows readable)` : null}
    </Alert>
  );
}
