import { operations } from "../api-operation";
import type { ChannelsSchemas } from "../channels";

export const channelsOps = operations<ChannelsSchemas>()({
  listCompanyChannels: "GET /api/company/channels",
  createCompanyChannel: "POST /api/company/channels",
  updateCompanyChannel: "PATCH /api/company/channels/{id}",
  deleteCompanyChannel: "DELETE /api/company/channels/{id}",
  testCompanyChannel: "POST /api/company/channels/{id}/test",
  rotateCompanyChannelSecret: "POST /api/company/channels/{id}/secret",
  listCompanyChannelDeliveries: "GET /api/company/channels/{id}/deliveries",
  resendCompanyChannelDelivery: "POST /api/company/channels/{id}/deliveries/{deliveryId}/resend",
  listAgencyChannels: "GET /api/staff/channels",
  createAgencyChannel: "POST /api/staff/channels",
  updateAgencyChannel: "PATCH /api/staff/channels/{id}",
  deleteAgencyChannel: "DELETE /api/staff/channels/{id}",
  testAgencyChannel: "POST /api/staff/channels/{id}/test",
  rotateAgencyChannelSecret: "POST /api/staff/channels/{id}/secret",
  listAgencyChannelDeliveries: "GET /api/staff/channels/{id}/deliveries",
  resendAgencyChannelDelivery: "POST /api/staff/channels/{id}/deliveries/{deliveryId}/resend",
});
