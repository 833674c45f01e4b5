import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api";
import { CHANNEL_OPS } from "./channel-ops";
import { channelKeys, type ChannelAudience } from "./query-keys";

export const listChannels = (audience: ChannelAudience, signal?: AbortSignal) =>
  call(CHANNEL_OPS[audience].list, { signal });
export const listChannelsQueryOptions = (audience: ChannelAudience) =>
  queryOptions({ queryKey: channelKeys.list(audience), queryFn: ({ signal }) => listChannels(audience, signal) });
export const useChannels = (audience: ChannelAudience) => useQuery(listChannelsQueryOptions(audience));
