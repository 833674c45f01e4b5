import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { hours, money } from "../../../lib/format";
import type { PlanPromise } from "../../../../shared/plan";

/** Promised (the approved proposal) against measured (the automation's runs in the last 30 days). */
export function PromiseCard({ promise }: { promise: PlanPromise }) {
  const share =
    promise.promisedHoursPerMonth > 0
      ? Math.round((promise.measuredMinutes30d / 60 / promise.promisedHoursPerMonth) * 100)
      : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Promised and measured</CardTitle>
        <CardDescription>
          What the approved proposal promised, next to what the automation&apos;s runs saved in the last 30 days.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="rounded-lg border p-4">
            <dt className="text-sm text-muted-foreground">Promised</dt>
            <dd className="text-2xl font-semibold">{promise.promisedHoursPerMonth} h a month</dd>
            <dd className="text-sm text-muted-foreground">
              worth {money(promise.promisedValueMinor, promise.currency)}
            </dd>
          </div>
          <div className="rounded-lg border p-4">
            <dt className="text-sm text-muted-foreground">Measured, last 30 days</dt>
            <dd className="text-2xl font-semibold">{hours(promise.measuredMinutes30d)}</dd>
            <dd className="text-sm text-muted-foreground">
              worth {money(promise.measuredValueMinor, promise.currency)}
            </dd>
          </div>
        </dl>
        <p className="mt-3 text-sm text-muted-foreground">
          {share === null ? "" : `${share}% of the promise. `}Money at your hourly value of{" "}
          {money(promise.hourlyValueMinor, promise.currency)}.
        </p>
      </CardContent>
    </Card>
  );
}
