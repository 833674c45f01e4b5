/** Every query key of the audit log: shared with the features whose changes it records. */
export { auditKeys } from "../../../lib/staff-query-keys";
