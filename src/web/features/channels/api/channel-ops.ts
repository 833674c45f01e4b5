import { channelsOps } from "../../../../shared/operations/channels";
import type { ChannelAudience } from "./query-keys";

/** The same eight operations for a company's owner and for staff, under their own paths. */
export const CHANNEL_OPS = {
  company: {
    list: channelsOps.listCompanyChannels,
    create: channelsOps.createCompanyChannel,
    update: channelsOps.updateCompanyChannel,
    remove: channelsOps.deleteCompanyChannel,
    test: channelsOps.testCompanyChannel,
    rotate: channelsOps.rotateCompanyChannelSecret,
    deliveries: channelsOps.listCompanyChannelDeliveries,
    resend: channelsOps.resendCompanyChannelDelivery,
  },
  agency: {
    list: channelsOps.listAgencyChannels,
    create: channelsOps.createAgencyChannel,
    update: channelsOps.updateAgencyChannel,
    remove: channelsOps.deleteAgencyChannel,
    test: channelsOps.testAgencyChannel,
    rotate: channelsOps.rotateAgencyChannelSecret,
    deliveries: channelsOps.listAgencyChannelDeliveries,
    resend: channelsOps.resendAgencyChannelDelivery,
  },
} as const satisfies Record<ChannelAudience, Record<string, unknown>>;
