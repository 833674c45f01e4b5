// The view-as module's public face: its endpoints (the active view itself is context/active-view.ts).
export { viewAsEndpoints } from "./view-as.routes";
