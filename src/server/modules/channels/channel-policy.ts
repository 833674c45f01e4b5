import { outboundPolicyFor, type OutboundPolicy } from "../../lib/outbound-http";
import type { Config } from "../../config";

/** https and public addresses only in production (unless CHANNELS_ALLOW_PRIVATE_ADDRESSES); anything in development and tests. */
export const outboundPolicy = (config: Pick<Config, "NODE_ENV" | "CHANNELS_ALLOW_PRIVATE_ADDRESSES">): OutboundPolicy =>
  outboundPolicyFor(config.NODE_ENV, config.CHANNELS_ALLOW_PRIVATE_ADDRESSES);
