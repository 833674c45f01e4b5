import type { OutboundPolicy } from "./outbound";
import type { Config } from "../../config";

/** https and public addresses only in production (unless CHANNELS_ALLOW_PRIVATE_ADDRESSES); anything in development and tests. */
export const outboundPolicy = (
  config: Pick<Config, "NODE_ENV" | "CHANNELS_ALLOW_PRIVATE_ADDRESSES">,
): OutboundPolicy => ({
  requireHttps: config.NODE_ENV === "production",
  allowPrivateAddresses: config.NODE_ENV !== "production" || config.CHANNELS_ALLOW_PRIVATE_ADDRESSES === "on",
});
