// The dashboard module's public face: what other modules and the HTTP layer use.
export { dashboardEndpoints } from "./dashboard.routes";
export { clientDashboardEndpoints } from "./client-dashboard.routes";
export { createDashboardCache, type DashboardCache } from "./dashboard-cache";
export { getDashboard } from "./dashboard.service";
export { getClientDashboard } from "./client-dashboard.service";
