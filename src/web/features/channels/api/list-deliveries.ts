import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";
import { CHANNEL_OPS } from "./channel-ops";
import { channelKeys, type ChannelAudience } from "./query-keys";

/** While a delivery waits, the log is read again every 2 s: a test shows its outcome within seconds. */
const WAITING_REFRESH_MS = 2_000;

export const listDeliveries = (audience: ChannelAudience, id: string, signal?: AbortSignal) =>
  call(CHANNEL_OPS[audience].deliveries, { params: { id }, signal });
export const listDeliveriesQueryOptions = (audience: ChannelAudience, id: string) =>
  queryOptions({
    queryKey: channelKeys.deliveries(audience, id),
    queryFn: ({ signal }) => listDeliveries(audience, id, signal),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === "pending") ? WAITING_REFRESH_MS : false,
  });
export const useDeliveries = (audience: ChannelAudience, id: string) =>
  useQuery(listDeliveriesQueryOptions(audience, id));
