// The me module's public face: GET /api/me.
export { meEndpoints } from "./me.routes";
