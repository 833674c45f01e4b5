/** The digest module's front door: the weekly digest job's pass. */
export { sendDueDigests } from "./send-digests.service";
