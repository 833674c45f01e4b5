/** Every query key of the hours feature, so that mutations invalidate exactly what they change. */
export const hoursKeys = {
  all: ["hours"] as const,
  own: () => [...hoursKeys.all, "own"] as const,
  client: (companyId: string) => [...hoursKeys.all, "client", companyId] as const,
  timer: () => [...hoursKeys.all, "timer"] as const,
  overview: () => [...hoursKeys.all, "overview"] as const,
  plans: () => [...hoursKeys.all, "plans"] as const,
};
