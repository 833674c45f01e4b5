/** Every query key of the company feature. */
export const companyKeys = {
  all: ["company"] as const,
  overview: () => [...companyKeys.all, "overview"] as const,
};
