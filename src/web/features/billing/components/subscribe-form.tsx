import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { ZSubscribeCompanyRequest, type TSubscribeCompanyRequest } from "../../../../shared/billing";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { toApiError } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { useSubscribeCompany } from "../api/subscribe-company";
import type { PlanView } from "../../../../shared/pricing";

const asNumber = { setValueAs: (value: string) => (value === "" ? undefined : Number(value)) };

/** Staff put a client on a plan; without a trial the first invoice is issued and mailed at once. */
export function SubscribeForm({ companyId, plans }: { companyId: string; plans: PlanView[] }) {
  const subscribe = useSubscribeCompany(companyId);
  const form = useForm<TSubscribeCompanyRequest>({
    resolver: zodResolver(ZSubscribeCompanyRequest),
    defaultValues: { planSlug: plans[0]?.slug ?? "", interval: "monthly", trialDays: 0 },
  });
  const errors = form.formState.errors;
  const server = subscribe.isError ? toApiError(subscribe.error) : undefined;
  const submit = form.handleSubmit((body) =>
    subscribe.mutate(body, {
      onSuccess: ({ subscription }) => toast.success(`The client is on the ${subscription.plan.name} plan.`),
    }),
  );
  return (
    <form
      aria-label="Put the client on a plan"
      noValidate
      className="grid gap-3 sm:grid-cols-4 sm:items-end"
      onSubmit={submit}
    >
      <FormField label="Plan" error={errors.planSlug?.message ?? server?.fields?.planSlug}>
        {(control) => (
          <NativeSelect {...control} {...form.register("planSlug")}>
            {plans.map((plan) => (
              <option key={plan.slug} value={plan.slug}>
                {plan.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField label="Billed" error={errors.interval?.message ?? server?.fields?.interval}>
        {(control) => (
          <NativeSelect {...control} {...form.register("interval")}>
            <option value="monthly">Monthly</option>
            <option value="yearly">Yearly</option>
          </NativeSelect>
        )}
      </FormField>
      <FormField
        label="Trial days"
        error={errors.trialDays?.message ?? server?.fields?.trialDays}
        hint="0 for none: the first invoice goes out now."
      >
        {(control) => <Input {...control} type="number" min={0} max={90} {...form.register("trialDays", asNumber)} />}
      </FormField>
      <Button type="submit" disabled={subscribe.isPending}>
        {subscribe.isPending ? "Saving..." : "Put on plan"}
      </Button>
      {server && !server.fields ? (
        <Alert tone="error" className="sm:col-span-4">
          {server.message}
        </Alert>
      ) : null}
    </form>
  );
}
