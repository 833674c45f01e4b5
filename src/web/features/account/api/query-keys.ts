/** Every query key of the account feature, so that mutations invalidate exactly what they change. */
export const accountKeys = {
  all: ["account"] as const,
  me: () => [...accountKeys.all, "me"] as const,
  sessions: () => [...accountKeys.all, "sessions"] as const,
  trustedBrowsers: () => [...accountKeys.all, "trusted-browsers"] as const,
  passkeys: () => [...accountKeys.all, "passkeys"] as const,
  notifications: () => [...accountKeys.all, "notifications"] as const,
  unsubscribeLink: (token: string) => [...accountKeys.all, "unsubscribe-link", token] as const,
};
