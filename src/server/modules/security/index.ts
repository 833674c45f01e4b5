/** The security module's front door: its endpoints, and the security log that auth and the request policies write. */
export { securityEndpoints, securityLogEndpoints, sessionSecurityEndpoints } from "./security.routes";
export { logSecurityEvent, writeSecurityEvent, type SecurityEventInput } from "./security-log.service";
