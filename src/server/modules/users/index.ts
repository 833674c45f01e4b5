// The users module's public face: staff's account administration endpoints.
export { staffUsersEndpoints } from "./users.routes";
