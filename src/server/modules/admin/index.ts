/** The admin module's front door: the agency's figures, attention list and outbox, and the create-admin command. */
export { adminEndpoints } from "./admin.routes";
export { getAdminOverview } from "./admin.service";
export {
  CreateAdminInputError,
  createOrPromoteAdmin,
  parseCreateAdminInput,
  type CreateAdminResult,
} from "./create-admin.service";
export { listAttentionAutomations } from "./list-attention-automations.service";
export { listEmails } from "./list-emails.service";
