import http from "node:http";
import type { AddressInfo } from "node:net";

export interface StandInCall {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
}

interface StandInItem {
  id: string;
  object: "invoiceitem";
  customer: string;
  amount: number;
  currency: string;
  description: string;
  /** The invoice that took it; null while it is pending. */
  invoice: string | null;
}

interface StandInInvoice {
  id: string;
  object: "invoice";
  customer: string;
  status: "draft";
  collection_method: string;
  days_until_due: number | null;
  auto_advance: boolean;
  description: string | null;
  amount_due: number;
  lines: { object: "list"; has_more: false; data: { id: string; amount: number; description: string }[] };
}

type Answer = (status: number, json: object) => void;

const invalid = (message: string) => ({ error: { type: "invalid_request_error", message } });

/**
 * Stripe's idempotency as documented: a key first used with some parameters returns the same
 * answer for as long as it is kept; the same key with other parameters is an error.
 */
function idempotent(
  kept: Map<string, { body: string; status: number; json: object }>,
  key: string | undefined,
  body: string,
  answer: Answer,
  make: () => { status: number; json: object },
) {
  const before = key === undefined ? undefined : kept.get(key);
  if (before && before.body !== body)
    return answer(400, {
      error: {
        type: "idempotency_error",
        message: "Keys for idempotent requests can only be used with the same parameters they were first used with.",
      },
    });
  const made = before ?? { body, ...make() };
  if (key !== undefined) kept.set(key, made);
  answer(made.status, made.json);
}

/** `POST /v1/invoices`: a draft invoice for the customer, taking its pending items when told to include them. */
function createInvoice(form: URLSearchParams, items: Map<string, StandInItem>, invoices: Map<string, StandInInvoice>) {
  const customer = form.get("customer");
  if (!customer) return { status: 400, json: invalid("Missing required param: customer.") };
  const collection = form.get("collection_method") ?? "charge_automatically";
  const days = form.get("days_until_due");
  if (collection === "send_invoice" && days === null)
    return { status: 400, json: invalid("Missing required param: days_until_due.") };
  const id = `in_standin${invoices.size + 1}`;
  const taken =
    form.get("pending_invoice_items_behavior") === "include"
      ? [...items.values()].filter((item) => item.customer === customer && item.invoice === null)
      : [];
  for (const item of taken) item.invoice = id;
  const made: StandInInvoice = {
    id,
    object: "invoice",
    customer,
    status: "draft",
    collection_method: collection,
    days_until_due: days === null ? null : Number(days),
    auto_advance: form.get("auto_advance") === "true",
    description: form.get("description"),
    amount_due: taken.reduce((sum, item) => sum + item.amount, 0),
    lines: {
      object: "list",
      has_more: false,
      data: taken.map((item) => ({ id: `il_${item.id}`, amount: item.amount, description: item.description })),
    },
  };
  invoices.set(id, made);
  return { status: 200, json: made };
}

/** `POST /v1/invoiceitems`: a pending item on the customer. */
function createInvoiceItem(form: URLSearchParams, items: Map<string, StandInItem>) {
  const customer = form.get("customer");
  if (!customer) return { status: 400, json: invalid("Missing required param: customer.") };
  const made: StandInItem = {
    id: `ii_standin${items.size + 1}`,
    object: "invoiceitem",
    customer,
    amount: Number(form.get("amount")),
    currency: form.get("currency") ?? "",
    description: form.get("description") ?? "",
    invoice: null,
  };
  items.set(made.id, made);
  return { status: 200, json: made };
}

/** Checkout and portal sessions: always the same page. */
const SESSIONS: Record<string, object | undefined> = {
  "/v1/checkout/sessions": {
    id: "cs_test_1",
    object: "checkout.session",
    url: "https://checkout.stripe.com/c/pay/cs_test_1",
  },
  "/v1/billing_portal/sessions": {
    id: "bps_1",
    object: "billing_portal.session",
    url: "https://billing.stripe.com/p/session/test_1",
  },
};

/**
 * A local stand-in for Stripe's API (there is no internet here), reached through the Stripe
 * client's host, port and protocol options: it records every call and answers customers,
 * Checkout and portal sessions, invoice items (created, read) and invoices (created, taking the
 * customer's pending items when told to include them), with Stripe's idempotency on every POST
 * (the same key answers the same, another body under it is an error), and subscriptions the test
 * put in `subscriptions` (`hooks.whileReading` runs something, such as another webhook call,
 * while one is being read).
 */
export async function startStripeStandIn() {
  const calls: StandInCall[] = [];
  const subscriptions = new Map<string, object>();
  let customers = 0;
  /** Invoice items by id, and what each idempotency key answered. */
  const invoiceItems = new Map<string, StandInItem>();
  const invoices = new Map<string, StandInInvoice>();
  const kept = new Map<string, { body: string; status: number; json: object }>();
  /** Runs once, the next time a subscription is read, before the answer goes out. */
  const hooks: { whileReading: ((id: string) => Promise<void>) | null } = { whileReading: null };
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0]!;
      const header = req.headers["idempotency-key"];
      const key = typeof header === "string" ? header : undefined;
      const form = new URLSearchParams(body);
      calls.push({ method: req.method ?? "", path, form, idempotencyKey: key });
      const answer: Answer = (status, json) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(json));
      };
      const sub = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
      const item = /^\/v1\/invoiceitems\/([\w-]+)$/.exec(path);
      if (req.method === "POST" && path === "/v1/customers")
        // Slow, like the real one: two requests racing would both get here before either is stored.
        setTimeout(() => answer(200, { id: `cus_standin${++customers}`, object: "customer" }), 50);
      else if (req.method === "POST" && path === "/v1/invoiceitems")
        idempotent(kept, key, `${path}?${body}`, answer, () => createInvoiceItem(form, invoiceItems));
      else if (req.method === "GET" && item && invoiceItems.has(item[1]!)) answer(200, invoiceItems.get(item[1]!)!);
      else if (req.method === "POST" && path === "/v1/invoices")
        idempotent(kept, key, `${path}?${body}`, answer, () => createInvoice(form, invoiceItems, invoices));
      else if (req.method === "POST" && SESSIONS[path]) answer(200, SESSIONS[path]);
      else if (req.method === "GET" && sub && subscriptions.has(sub[1]!)) {
        // The copy as it is when the request arrives; `whileReading` may change Stripe meanwhile.
        const copy = subscriptions.get(sub[1]!)!;
        const during = hooks.whileReading;
        hooks.whileReading = null;
        void Promise.resolve(during?.(sub[1]!)).finally(() => answer(200, copy));
      } else answer(404, invalid(`No such resource: ${path}`));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    subscriptions,
    invoiceItems,
    invoices,
    hooks,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

/** A Stripe subscription object as the API returns it, with what our sync reads. */
export function stripeSubscriptionObject(input: {
  id: string;
  customer: string;
  status: string;
  planId: string;
  companyId: string;
  interval?: "month" | "year";
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd?: boolean;
  /** When a canceled subscription ended (Stripe's `ended_at`). */
  endedAt?: Date;
  collectionMethod?: "charge_automatically" | "send_invoice";
}) {
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  return {
    id: input.id,
    object: "subscription",
    customer: input.customer,
    status: input.status,
    metadata: { companyId: input.companyId, planId: input.planId },
    cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
    ended_at: input.endedAt ? seconds(input.endedAt) : null,
    collection_method: input.collectionMethod ?? "charge_automatically",
    days_until_due: input.collectionMethod === "send_invoice" ? 14 : null,
    trial_end: null,
    items: {
      object: "list",
      data: [
        {
          id: `si_${input.id}`,
          object: "subscription_item",
          price: { id: "price_1", object: "price", recurring: { interval: input.interval ?? "month" } },
          current_period_start: seconds(input.periodStart),
          current_period_end: seconds(input.periodEnd),
        },
      ],
    },
  };
}
