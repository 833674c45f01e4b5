// The pricing module's public face: the plans on sale, for the API, the web pages and the prerender script.
export { pricingEndpoints } from "./pricing.routes";
export { listActivePlans } from "./pricing.service";
