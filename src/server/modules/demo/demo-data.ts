/** The demo's client companies, their people and automations, and how each automation's runs should look. */
type Platform = "n8n" | "make" | "zapier" | "custom";

export interface DemoAutomation {
  name: string;
  purpose: string;
  platform: Platform;
  trigger: string;
  every: number | null;
  minutes: number;
  status: "building" | "live" | "paused";
  /** How the runs end: healthy, failing now, stopped N days ago. */
  story?: "failing" | { stoppedDaysAgo: number };
  perDay?: [number, number];
  errors: string[];
}

export const DEMO_COMPANIES: {
  name: string;
  timeZone: string;
  hourlyValueMinor: number;
  people: { email: string; name: string; role: "owner" | "member" }[];
  automations: DemoAutomation[];
}[] = [
  {
    name: "Northwind Trading",
    timeZone: "Europe/Amsterdam",
    hourlyValueMinor: 4500,
    people: [
      { email: "ana@northwind.demo", name: "Ana Ortiz", role: "owner" },
      { email: "ben@northwind.demo", name: "Ben Ito", role: "member" },
    ],
    automations: [
      {
        name: "Invoice sync",
        purpose: "Copies paid web-shop invoices into the accounting system.",
        platform: "n8n",
        trigger: "Every hour",
        every: 60,
        minutes: 6,
        status: "live",
        errors: ["The accounting system did not answer in time; the invoices will be copied on the next run."],
      },
      {
        name: "Order confirmation emails",
        purpose: "Sends a personal confirmation to every wholesale order.",
        platform: "zapier",
        trigger: "A new order in the shop",
        every: null,
        minutes: 3,
        status: "live",
        perDay: [8, 30],
        errors: ["The email provider refused one address as invalid."],
      },
      {
        name: "Supplier price import",
        purpose: "Reads the suppliers' price lists and updates purchase prices.",
        platform: "make",
        trigger: "Every morning at 06:00",
        every: 1440,
        minutes: 45,
        status: "live",
        errors: ["One supplier's price list was not published yet."],
      },
      {
        name: "Low-stock alerts",
        purpose: "Warns the warehouse when a best-seller runs low.",
        platform: "n8n",
        trigger: "Every 30 minutes",
        every: 30,
        minutes: 2,
        status: "live",
        story: "failing",
        errors: ["The warehouse system rejected the login: its password was changed."],
      },
      {
        name: "Weekly sales report",
        purpose: "Builds the Monday sales report for the management team.",
        platform: "custom",
        trigger: "Mondays at 07:00",
        every: 10080,
        minutes: 120,
        status: "live",
        errors: ["The report could not be saved to the shared drive."],
      },
      {
        name: "Customer feedback tagging",
        purpose: "Tags incoming reviews by topic and mood for the service team.",
        platform: "make",
        trigger: "Every 6 hours",
        every: 360,
        minutes: 10,
        status: "live",
        story: { stoppedDaysAgo: 2 },
        errors: ["The review site limited the number of requests."],
      },
      {
        name: "Returns processing",
        purpose: "Creates return labels and credit notes from the returns form.",
        platform: "zapier",
        trigger: "A returns form is submitted",
        every: null,
        minutes: 12,
        status: "building",
        errors: [],
      },
    ],
  },
  {
    name: "Blue Harbor Clinic",
    timeZone: "Europe/London",
    hourlyValueMinor: 6000,
    people: [
      { email: "chloe@blueharbor.demo", name: "Chloé Martin", role: "owner" },
      { email: "dev@blueharbor.demo", name: "Dev Patel", role: "member" },
    ],
    automations: [
      {
        name: "Appointment reminders",
        purpose: "Texts patients the day before their appointment.",
        platform: "n8n",
        trigger: "Every hour",
        every: 60,
        minutes: 4,
        status: "live",
        errors: ["The text-message provider was briefly unavailable."],
      },
      {
        name: "Lab results filing",
        purpose: "Files incoming lab results into the right patient record.",
        platform: "custom",
        trigger: "Every 2 hours",
        every: 120,
        minutes: 8,
        status: "live",
        errors: ["A result arrived without a patient number and was set aside for review."],
      },
      {
        name: "New patient intake",
        purpose: "Turns the online intake form into a patient record and a welcome email.",
        platform: "make",
        trigger: "The intake form is submitted",
        every: null,
        minutes: 15,
        status: "live",
        perDay: [2, 12],
        errors: ["The form was missing a date of birth."],
      },
      {
        name: "Insurance claim status",
        purpose: "Checks open insurance claims and flags the ones that need a call.",
        platform: "zapier",
        trigger: "Every morning",
        every: 1440,
        minutes: 30,
        status: "paused",
        story: { stoppedDaysAgo: 10 },
        errors: ["The insurer's portal was down for maintenance."],
      },
      {
        name: "Staff rota export",
        purpose: "Publishes next week's rota to the staff calendar.",
        platform: "n8n",
        trigger: "Fridays at 15:00",
        every: 10080,
        minutes: 60,
        status: "live",
        errors: [],
      },
    ],
  },
];
