/** Whose channels a screen manages: the company's (its owner, /account) or the agency's (staff, /admin/notifications). */
export type ChannelAudience = "company" | "agency";

/** Every query key of the channels feature, so that mutations invalidate exactly what they change. */
export const channelKeys = {
  all: ["channels"] as const,
  list: (audience: ChannelAudience) => [...channelKeys.all, audience, "list"] as const,
  deliveries: (audience: ChannelAudience, id: string) => [...channelKeys.all, audience, "deliveries", id] as const,
};
