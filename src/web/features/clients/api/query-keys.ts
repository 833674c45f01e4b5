/** Every query key of the clients feature: shared with the features that change client companies. */
export { clientKeys, invalidateClientViews } from "../../../lib/staff-query-keys";
