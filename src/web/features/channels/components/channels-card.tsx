import { useState } from "react";
import { CHANNEL_EVENT_LABELS, CHANNEL_KIND_LABELS } from "../../../../shared/channels-labels";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Skeleton } from "../../../components/ui/skeleton";
import { toApiError } from "../../../lib/api";
import { formatDateTime } from "../../../lib/format";
import { useChannelMutations } from "../api/channel-mutations";
import { useChannels } from "../api/list-channels";
import { AddChannelForm } from "./add-channel-form";
import { DeliveryLog } from "./delivery-log";
import type { TChannel } from "../../../../shared/channels";
import type { ChannelAudience } from "../api/query-keys";

type Notice = { tone: "success" | "error"; text: string; secret?: string } | null;

const DESCRIPTIONS: Record<ChannelAudience, string> = {
  company:
    "Post your automations' alerts, tickets, proposals and invoices to Slack, Microsoft Teams or a signed webhook.",
  agency: "The agency's own channels hear of every client's events, each message naming the client.",
};

const TITLES: Record<ChannelAudience, string> = { company: "Alert channels", agency: "The agency's channels" };

/** The channels of a company (its owner) or of the agency (staff): add, test, turn off, remove, and each one's deliveries. */
export function ChannelsCard({ audience }: { audience: ChannelAudience }) {
  const channels = useChannels(audience);
  const [notice, setNotice] = useState<Notice>(null);
  return (
    <Card id="channels" className="scroll-mt-24">
      <CardHeader>
        <CardTitle>{TITLES[audience]}</CardTitle>
        <CardDescription>{DESCRIPTIONS[audience]}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {notice ? (
          <Alert tone={notice.tone}>
            <p>{notice.text}</p>
            {notice.secret ? (
              <p className="mt-2">
                Signing secret (copy it now, it is not shown again):{" "}
                <code className="rounded bg-muted px-1 py-0.5 text-xs break-all">{notice.secret}</code>
              </p>
            ) : null}
          </Alert>
        ) : null}
        {channels.isPending ? (
          <Skeleton className="h-24" />
        ) : channels.isError ? (
          <Alert tone="error">{toApiError(channels.error).message}</Alert>
        ) : channels.data.channels.length === 0 ? (
          <p className="text-sm text-muted-foreground">No channels yet: add one below.</p>
        ) : (
          <ul className="flex flex-col gap-4" aria-label="Channels">
            {channels.data.channels.map((channel) => (
              <ChannelItem key={channel.id} audience={audience} channel={channel} onNotice={setNotice} />
            ))}
          </ul>
        )}
        <section aria-labelledby={`add-channel-${audience}`} className="flex flex-col gap-3 border-t pt-6">
          <h3 id={`add-channel-${audience}`} className="font-semibold">
            Add a channel
          </h3>
          <AddChannelForm
            audience={audience}
            onAdded={({ name, secret }) =>
              setNotice({ tone: "success", text: `The channel “${name}” was added.`, secret: secret ?? undefined })
            }
          />
        </section>
      </CardContent>
    </Card>
  );
}

function ChannelStatus({ channel }: { channel: TChannel }) {
  if (!channel.enabled) return <Badge variant="destructive">Off</Badge>;
  if (channel.failingSince)
    return <Badge variant="warning">Failing since {formatDateTime(channel.failingSince)}</Badge>;
  return <Badge variant="success">On</Badge>;
}

function ChannelItem({
  audience,
  channel,
  onNotice,
}: {
  audience: ChannelAudience;
  channel: TChannel;
  onNotice: (notice: Notice) => void;
}) {
  const [showLog, setShowLog] = useState(false);
  const { update, remove, rotate, test } = useChannelMutations(audience);
  const fail = (error: unknown) => onNotice({ tone: "error", text: toApiError(error).message });
  const sendTest = () =>
    test.mutate(channel.id, {
      onSuccess: () => {
        setShowLog(true);
        onNotice({ tone: "success", text: `A test is on its way to “${channel.name}”: its delivery shows below.` });
      },
      onError: fail,
    });
  const newSecret = () =>
    rotate.mutate(channel.id, {
      onSuccess: (result) =>
        onNotice({
          tone: "success",
          text: `“${channel.name}” has a new signing secret.`,
          secret: result.secret ?? undefined,
        }),
      onError: fail,
    });
  return (
    <li className="flex flex-col gap-3 rounded-md border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{channel.name}</h3>
        <Badge variant="secondary">{CHANNEL_KIND_LABELS[channel.kind]}</Badge>
        <ChannelStatus channel={channel} />
      </div>
      <p className="text-sm break-all text-muted-foreground">{channel.urlHint}</p>
      {channel.disabledReason && !channel.enabled ? <p className="text-sm">{channel.disabledReason}</p> : null}
      <p className="text-sm">{channel.events.map((type) => CHANNEL_EVENT_LABELS[type]).join(" · ")}</p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={sendTest} disabled={test.isPending || !channel.enabled}>
          Send a test to {channel.name}
        </Button>
        <Button size="sm" variant="outline" aria-expanded={showLog} onClick={() => setShowLog((open) => !open)}>
          {showLog ? "Hide" : "Show"} deliveries to {channel.name}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={update.isPending}
          onClick={() => update.mutate({ id: channel.id, enabled: !channel.enabled }, { onError: fail })}
        >
          Turn {channel.name} {channel.enabled ? "off" : "on"}
        </Button>
        {channel.kind === "webhook" ? (
          <Button size="sm" variant="outline" onClick={newSecret} disabled={rotate.isPending}>
            New signing secret for {channel.name}
          </Button>
        ) : null}
        <ConfirmDialog
          title={`Remove “${channel.name}”?`}
          description="It gets no more events, and its delivery log is removed with it."
          confirmLabel="Remove channel"
          destructive
          onConfirm={() => remove.mutateAsync(channel.id)}
          trigger={
            <Button size="sm" variant="outline">
              Remove {channel.name}
            </Button>
          }
        />
      </div>
      {showLog ? <DeliveryLog audience={audience} channelId={channel.id} channelName={channel.name} /> : null}
    </li>
  );
}
