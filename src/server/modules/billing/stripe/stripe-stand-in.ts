import http from "node:http";
import type { AddressInfo } from "node:net";

export interface StandInCall {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
}

/**
 * A local stand-in for Stripe's API (there is no internet here), reached through the Stripe
 * client's host, port and protocol options: it records every call and answers customers,
 * Checkout and portal sessions, invoice items (one per idempotency key, as Stripe), and subscriptions the test put in `subscriptions` (`hooks.whileReading`
 * runs something, such as another webhook call, while one is being read).
 */
export async function startStripeStandIn() {
  const calls: StandInCall[] = [];
  const subscriptions = new Map<string, object>();
  let customers = 0;
  /** Invoice items by idempotency key: Stripe answers a repeated key with the item it made the first time. */
  const invoiceItems = new Map<string, { id: string; object: "invoiceitem"; amount: number; description: string }>();
  /** Runs once, the next time a subscription is read, before the answer goes out. */
  const hooks: { whileReading: ((id: string) => Promise<void>) | null } = { whileReading: null };
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0]!;
      const key = req.headers["idempotency-key"];
      calls.push({
        method: req.method ?? "",
        path,
        form: new URLSearchParams(body),
        idempotencyKey: typeof key === "string" ? key : undefined,
      });
      const answer = (status: number, json: object) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(json));
      };
      const sub = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
      if (req.method === "POST" && path === "/v1/customers")
        // Slow, like the real one: two requests racing would both get here before either is stored.
        setTimeout(() => answer(200, { id: `cus_standin${++customers}`, object: "customer" }), 50);
      else if (req.method === "POST" && path === "/v1/invoiceitems") {
        const form = new URLSearchParams(body);
        const made = (typeof key === "string" && invoiceItems.get(key)) || {
          id: `ii_standin${invoiceItems.size + 1}`,
          object: "invoiceitem" as const,
          amount: Number(form.get("amount")),
          description: form.get("description") ?? "",
        };
        if (typeof key === "string") invoiceItems.set(key, made);
        answer(200, made);
      } else if (req.method === "POST" && path === "/v1/checkout/sessions")
        answer(200, {
          id: "cs_test_1",
          object: "checkout.session",
          url: "https://checkout.stripe.com/c/pay/cs_test_1",
        });
      else if (req.method === "POST" && path === "/v1/billing_portal/sessions")
        answer(200, {
          id: "bps_1",
          object: "billing_portal.session",
          url: "https://billing.stripe.com/p/session/test_1",
        });
      else if (req.method === "GET" && sub && subscriptions.has(sub[1]!)) {
        // The copy as it is when the request arrives; `whileReading` may change Stripe meanwhile.
        const copy = subscriptions.get(sub[1]!)!;
        const during = hooks.whileReading;
        hooks.whileReading = null;
        void Promise.resolve(during?.(sub[1]!)).finally(() => answer(200, copy));
      } else answer(404, { error: { type: "invalid_request_error", message: `No such resource: ${path}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    subscriptions,
    invoiceItems,
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
}) {
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  return {
    id: input.id,
    object: "subscription",
    customer: input.customer,
    status: input.status,
    metadata: { companyId: input.companyId, planId: input.planId },
    cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
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
