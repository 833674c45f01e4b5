/** One subscription's monthly recurring revenue in SQL: shared with the clients table, so it lives in db/. */
export { subscriptionMrrMinor } from "../../../db/subscription-mrr";
