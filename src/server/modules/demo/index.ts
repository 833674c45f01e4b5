/** The demo module's front door: the seed:demo command's data, and the check that a database is still empty. */
export { DEMO_STAFF_EMAIL, isDatabaseEmpty, seedDemo, seedDemoOnce } from "./demo.service";
