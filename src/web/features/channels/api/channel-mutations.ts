import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api";
import { CHANNEL_OPS } from "./channel-ops";
import { channelKeys, type ChannelAudience } from "./query-keys";
import type { TCreateChannelRequest, TUpdateChannelRequest } from "../../../../shared/channels";

/** Adding, changing, testing and removing channels; each refreshes the list or the delivery log it changes. */
export function useChannelMutations(audience: ChannelAudience) {
  const queryClient = useQueryClient();
  const ops = CHANNEL_OPS[audience];
  const refreshList = () => queryClient.invalidateQueries({ queryKey: channelKeys.list(audience) });
  const refreshLog = (id: string) => queryClient.invalidateQueries({ queryKey: channelKeys.deliveries(audience, id) });
  return {
    create: useMutation({
      mutationFn: (body: TCreateChannelRequest) => call(ops.create, { body }),
      onSuccess: refreshList,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: TUpdateChannelRequest & { id: string }) =>
        call(ops.update, { params: { id }, body }),
      onSuccess: refreshList,
    }),
    remove: useMutation({ mutationFn: (id: string) => call(ops.remove, { params: { id } }), onSuccess: refreshList }),
    rotate: useMutation({ mutationFn: (id: string) => call(ops.rotate, { params: { id } }) }),
    test: useMutation({
      mutationFn: (id: string) => call(ops.test, { params: { id } }),
      onSuccess: (_, id) => refreshLog(id),
    }),
    resend: useMutation({
      mutationFn: (input: { id: string; deliveryId: string }) => call(ops.resend, { params: input }),
      onSuccess: (_, input) => refreshLog(input.id),
    }),
  };
}
