/** Every query key of the staff area: shared with the features whose changes its counts show. */
export { adminKeys } from "../../../lib/staff-query-keys";
