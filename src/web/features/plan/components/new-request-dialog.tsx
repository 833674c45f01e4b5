import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useState } from "react";
import { useForm, type UseFormReturn } from "react-hook-form";
import { useNavigate } from "react-router";
import {
  PLAN_PRIORITIES,
  PLAN_PRIORITY_LABELS,
  ZCreatePlanItemRequest,
  type TCreatePlanItemRequest,
} from "../../../../shared/plan";
import { screenPath } from "../../../../shared/routes";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
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
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../lib/toast";
import { useCreatePlanItem } from "../api/create-plan-item";

const asNumber = { setValueAs: (value: string) => (value === "" ? undefined : Number(value)) };

/** The intake form: the problem in the client's words, enough for the agency to estimate the hours. */
export function NewRequestDialog() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const create = useCreatePlanItem();
  const form = useForm<TCreatePlanItemRequest>({
    resolver: zodResolver(ZCreatePlanItemRequest),
    defaultValues: { title: "", problem: "", triggerDescription: "", systems: "", priority: "normal", wishedDate: "" },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (item) => {
        setOpen(false);
        form.reset();
        toast.success("Thank you! We have your request and will come back with a proposal.");
        void navigate(screenPath("/automation-plan/:id", { id: item.id }));
      },
    }),
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden /> Request an automation
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Request an automation</DialogTitle>
          <DialogDescription>
            Tell us about a task you do by hand, again and again. We will answer with what we would build, what it would
            save and what it would cost.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Request an automation">
          {create.isError ? <Alert tone="error">{create.error.message}</Alert> : null}
          <FormField
            label="A short name for it"
            error={errors.title?.message}
            hint="For example: Copy web orders into accounting"
          >
            {(field) => <Input {...field} {...form.register("title")} />}
          </FormField>
          <FormField
            label="What is the problem?"
            error={errors.problem?.message}
            hint="In your own words: what happens today, and what bothers you about it."
          >
            {(field) => <Textarea {...field} rows={4} maxLength={2000} {...form.register("problem")} />}
          </FormField>
          <FormField
            label="What starts it?"
            error={errors.triggerDescription?.message}
            hint="For example: a new order, an email, every Monday morning."
          >
            {(field) => <Input {...field} {...form.register("triggerDescription")} />}
          </FormField>
          <FormField
            label="Which systems are involved?"
            error={errors.systems?.message}
            hint="For example: Shopify, Exact Online, Gmail."
          >
            {(field) => <Input {...field} {...form.register("systems")} />}
          </FormField>
          <FrequencyAndPriority form={form} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Sending..." : "Send request"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** How often and how long by hand (the hours to save), its priority and wished date. */
function FrequencyAndPriority({ form }: { form: UseFormReturn<TCreatePlanItemRequest> }) {
  const errors = form.formState.errors;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="How many times a month?" error={errors.timesPerMonth?.message}>
          {(field) => (
            <Input {...field} type="number" inputMode="numeric" min={1} {...form.register("timesPerMonth", asNumber)} />
          )}
        </FormField>
        <FormField label="Minutes by hand each time" error={errors.minutesEach?.message}>
          {(field) => (
            <Input {...field} type="number" inputMode="numeric" min={1} {...form.register("minutesEach", asNumber)} />
          )}
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Priority" error={errors.priority?.message}>
          {(field) => (
            <NativeSelect {...field} {...form.register("priority")}>
              {PLAN_PRIORITIES.map((priority) => (
                <option key={priority} value={priority}>
                  {PLAN_PRIORITY_LABELS[priority]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Wished date (optional)" error={errors.wishedDate?.message}>
          {(field) => <Input {...field} type="date" {...form.register("wishedDate")} />}
        </FormField>
      </div>
    </>
  );
}
