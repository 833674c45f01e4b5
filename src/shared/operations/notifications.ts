import { operations } from "../api-operation";
import type { NotificationsSchemas } from "../notifications";

export const notificationsOps = operations<NotificationsSchemas>()({
  getNotificationPreferences: "GET /api/me/notifications",
  updateNotificationPreferences: "PUT /api/me/notifications",
  readUnsubscribeLink: "GET /api/email-preferences/unsubscribe/{token}",
  unsubscribeByLink: "POST /api/email-preferences/unsubscribe/{token}",
});
