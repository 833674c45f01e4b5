import {
  CHANNEL_EVENT_LABELS,
  DELIVERY_STATUS_LABELS,
  type ChannelEventType,
  type DeliveryStatus,
} from "../../../../shared/channels-labels";
import { Alert } from "../../../components/ui/alert";
import { Badge, type BadgeVariant } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { toApiError } from "../../../lib/api";
import { formatDateTime } from "../../../lib/format";
import { useChannelMutations } from "../api/channel-mutations";
import { useDeliveries } from "../api/list-deliveries";
import type { TDelivery } from "../../../../shared/channels";
import type { ChannelAudience } from "../api/query-keys";

const STATUS_BADGE: Record<DeliveryStatus, BadgeVariant> = {
  pending: "warning",
  delivered: "success",
  failed: "destructive",
};

/** An event's name as the log shows it: its label, or "Test" for a test. */
const eventLabel = (type: string) =>
  type === "channel.test" ? "Test" : (CHANNEL_EVENT_LABELS[type as ChannelEventType] ?? type);

/** What the last attempt got: the receiver's status and time, or why there was none. */
function lastAttempt(delivery: TDelivery): string {
  const attempt = delivery.attemptLog[0];
  if (!attempt) return "Not tried yet";
  const answer = attempt.statusCode === null ? (attempt.error ?? "No answer") : `HTTP ${attempt.statusCode}`;
  return `${answer} in ${attempt.durationMs} ms, ${formatDateTime(attempt.attemptedAt, { seconds: true })}`;
}

/** A channel's deliveries, newest first: each event's status, attempts and last answer, with Resend. */
export function DeliveryLog({
  audience,
  channelId,
  channelName,
}: {
  audience: ChannelAudience;
  channelId: string;
  channelName: string;
}) {
  const log = useDeliveries(audience, channelId);
  const { resend } = useChannelMutations(audience);
  if (log.isPending) return <Skeleton className="h-24" />;
  if (log.isError) return <Alert tone="error">{toApiError(log.error).message}</Alert>;
  const { deliveries } = log.data;
  if (deliveries.length === 0) return <p className="text-sm text-muted-foreground">No deliveries yet.</p>;
  return (
    <ul className="flex flex-col divide-y divide-border rounded-md border" aria-label={`Deliveries to ${channelName}`}>
      {deliveries.map((delivery) => (
        <li
          key={delivery.id}
          className="flex flex-col gap-1.5 p-3 text-sm sm:flex-row sm:items-start sm:justify-between"
        >
          <div className="flex min-w-0 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{eventLabel(delivery.eventType)}</span>
              <Badge variant={STATUS_BADGE[delivery.status]}>{DELIVERY_STATUS_LABELS[delivery.status]}</Badge>
              <span className="text-muted-foreground">
                {delivery.attempts} {delivery.attempts === 1 ? "attempt" : "attempts"}
              </span>
            </div>
            <p className="text-muted-foreground">{lastAttempt(delivery)}</p>
            {delivery.status === "pending" && delivery.nextAttemptAt && delivery.attempts > 0 ? (
              <p className="text-muted-foreground">
                Next attempt {formatDateTime(delivery.nextAttemptAt, { seconds: true })}
              </p>
            ) : null}
            {delivery.attemptLog[0]?.responseExcerpt ? (
              <pre className="max-h-24 overflow-auto rounded bg-muted p-2 text-xs break-all whitespace-pre-wrap">
                {delivery.attemptLog[0].responseExcerpt}
              </pre>
            ) : null}
          </div>
          {delivery.status === "pending" ? null : (
            <Button
              variant="outline"
              size="sm"
              disabled={resend.isPending}
              aria-label={`Resend “${eventLabel(delivery.eventType)}” of ${formatDateTime(delivery.createdAt, { seconds: true })}`}
              onClick={() => resend.mutate({ id: channelId, deliveryId: delivery.id })}
            >
              Resend
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
