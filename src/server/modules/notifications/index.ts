/** The notifications module's front door: email preferences, unsubscribe links, and the alerts other modules send. */
export { enqueueAlert } from "./enqueue-alert";
export { mailLinks, type MailLinks } from "./mail-links";
export { notificationPreferencesEndpoints, unsubscribeEndpoints } from "./notifications.routes";
