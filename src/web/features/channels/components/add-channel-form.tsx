import { useState } from "react";
import {
  CHANNEL_EVENT_LABELS,
  CHANNEL_EVENT_TYPES,
  CHANNEL_KIND_HINTS,
  CHANNEL_KIND_LABELS,
  CHANNEL_KINDS,
  type ChannelEventType,
  type ChannelKind,
} from "../../../../shared/channels-labels";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { toApiError } from "../../../lib/api";
import { useChannelMutations } from "../api/channel-mutations";
import type { ChannelAudience } from "../api/query-keys";

const DEFAULT_EVENTS: ChannelEventType[] = ["automation.failing", "automation.stale", "automation.recovered"];

/** A new channel: where it posts, and which events it gets. A webhook's secret is shown once, after. */
export function AddChannelForm({
  audience,
  onAdded,
}: {
  audience: ChannelAudience;
  onAdded: (result: { name: string; secret: string | null }) => void;
}) {
  const { create } = useChannelMutations(audience);
  const [kind, setKind] = useState<ChannelKind>("slack");
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<ChannelEventType[]>(DEFAULT_EVENTS);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const created = await create.mutateAsync({ kind, name, url, events });
      onAdded({ name: created.channel.name, secret: created.secret });
      setName("");
      setUrl("");
    } catch (failure) {
      const apiError = toApiError(failure);
      setError({ message: apiError.message, fields: apiError.fields ?? {} });
    }
  };
  const toggle = (type: ChannelEventType, on: boolean) =>
    setEvents((current) => (on ? [...current, type] : current.filter((e) => e !== type)));

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Add a channel">
      {error ? <Alert tone="error">{error.message}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Type" hint={CHANNEL_KIND_HINTS[kind]}>
          {(control) => (
            <NativeSelect {...control} value={kind} onChange={(e) => setKind(e.target.value as ChannelKind)}>
              {CHANNEL_KINDS.map((k) => (
                <option key={k} value={k}>
                  {CHANNEL_KIND_LABELS[k]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label="Name" error={error?.fields.name} hint="How you will recognise it, such as #ops-alerts.">
          {(control) => <Input {...control} value={name} onChange={(e) => setName(e.target.value)} />}
        </FormField>
      </div>
      <FormField label="Address" error={error?.fields.url}>
        {(control) => (
          <Input {...control} type="url" inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} />
        )}
      </FormField>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Events</legend>
        {error?.fields.events ? <p className="text-sm text-destructive">{error.fields.events}</p> : null}
        <div className="grid gap-2 sm:grid-cols-2">
          {CHANNEL_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <Checkbox checked={events.includes(type)} onCheckedChange={(on) => toggle(type, on === true)} />
              {CHANNEL_EVENT_LABELS[type]}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" className="self-start" disabled={create.isPending}>
        Add channel
      </Button>
    </form>
  );
}
