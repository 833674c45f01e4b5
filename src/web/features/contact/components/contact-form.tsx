import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm, type UseFormReturn } from "react-hook-form";
import {
  CONTACT_HONEYPOT,
  ZSendContactRequest,
  type TContactRequest,
  type TContactRequestParsed,
} from "../../../../shared/contact";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { ApiError } from "../../../lib/api";
import { useHydrated } from "../../../lib/use-hydrated";
import { sendContact } from "../api/send-contact";

const EMPTY: TContactRequest = {
  name: "",
  email: "",
  company: "",
  phone: "",
  website: "",
  message: "",
  [CONTACT_HONEYPOT]: "",
};
const FIELDS = ["name", "email", "company", "phone", "website", "message"] as const;

/** What replaces the form once the message is sent: it stays until the visitor asks for a new form. */
function SentConfirmation({ email, onAnother }: { email: string; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves here from the vanished button, so keyboard and screen reader users land on the news.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      role="status"
      aria-labelledby="contact-sent-heading"
      className="flex flex-col items-start gap-3 rounded-xl border border-success/40 bg-success/5 p-6"
    >
      <h2
        id="contact-sent-heading"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold outline-none"
      >
        <CheckCircle2 className="size-5 text-success" aria-hidden /> Thank you, your message is on its way
      </h2>
      <p className="text-sm text-muted-foreground">
        We sent a confirmation to {email} and will answer within two business days.
      </p>
      <Button variant="outline" onClick={onAnother}>
        Write another message
      </Button>
    </section>
  );
}

/** The contact form: the same schema as the server, a honeypot for bots, a lasting confirmation on success. */
export function ContactForm() {
  const form = useForm<TContactRequest, unknown, TContactRequestParsed>({
    resolver: zodResolver(ZSendContactRequest),
    defaultValues: EMPTY,
    mode: "onTouched",
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Prerendered: the button works once the app runs, so the browser never submits the form natively.
  const hydrated = useHydrated();
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await sendContact(values);
      form.reset(EMPTY);
      setSentTo(values.email);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const field of FIELDS) {
          const message = error.fields[field];
          if (message) form.setError(field, { message });
        }
      } else {
        setFailure(error instanceof ApiError ? error.message : "Something went wrong. Please try again.");
      }
    }
  });
  const sending = form.formState.isSubmitting;

  if (sentTo) return <SentConfirmation email={sentTo} onAnother={() => setSentTo(null)} />;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Contact us">
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <ContactDetails form={form} />
      <FormField
        label="Website (optional)"
        error={errors.website?.message}
        hint="The full address, e.g. https://example.com"
      >
        {(field) => (
          <Input
            {...field}
            type="url"
            autoComplete="url"
            inputMode="url"
            placeholder="https://"
            {...form.register("website")}
          />
        )}
      </FormField>
      <FormField
        label="What should we automate?"
        error={errors.message?.message}
        hint="Which process, which tools it touches, and roughly how often it happens. Up to 2000 characters."
      >
        {(field) => <Textarea {...field} rows={6} {...form.register("message")} />}
      </FormField>
      {/* Hidden from people and from assistive technology; bots that fill every field reveal themselves. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-fax">Fax (leave empty)</label>
        <input id="contact-fax" type="text" tabIndex={-1} autoComplete="off" {...form.register(CONTACT_HONEYPOT)} />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted-foreground">
          We use your details only to answer you. No newsletter, no sharing.
        </p>
        <Button type="submit" size="lg" disabled={!hydrated || sending}>
          {sending ? "Sending…" : "Send message"}
        </Button>
      </div>
    </form>
  );
}

type ContactFormState = UseFormReturn<TContactRequest, unknown, TContactRequestParsed>;

/** Who is writing: name, email, company and phone. */
function ContactDetails({ form }: { form: ContactFormState }) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField label="Name" error={errors.name?.message}>
        {(field) => <Input {...field} autoComplete="name" {...form.register("name")} />}
      </FormField>
      <FormField label="Work email" error={errors.email?.message}>
        {(field) => (
          <Input {...field} type="email" autoComplete="email" inputMode="email" {...form.register("email")} />
        )}
      </FormField>
      <FormField label="Company (optional)" error={errors.company?.message}>
        {(field) => <Input {...field} autoComplete="organization" {...form.register("company")} />}
      </FormField>
      <FormField label="Phone (optional)" error={errors.phone?.message}>
        {(field) => <Input {...field} type="tel" autoComplete="tel" inputMode="tel" {...form.register("phone")} />}
      </FormField>
    </div>
  );
}
