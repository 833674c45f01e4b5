import { useId } from "react";
import { Link } from "react-router";
import { screenPath } from "../../../../shared/routes";
import { Alert } from "../../../components/ui/alert";
import { Switch } from "../../../components/ui/switch";
import { toast } from "../../../lib/toast";
import { useUpdateSecondFactorPolicy } from "../api/update-second-factor-policy";

/** What the owner is told once the switch moved. */
function outcome(required: boolean, without: number): string {
  if (!required) return "Members no longer need a second factor.";
  if (without === 0) return "Everyone in the company now needs a second factor; all of you have one.";
  const who = without === 1 ? "1 member has" : `${without} members have`;
  return `Everyone in the company now needs a second factor. ${who} none yet: they were told by email and will set one up at their next sign-in.`;
}

/**
 * The owner's switch: require a second factor of every member. Turning it on needs the owner's own
 * session to have passed one (the server refuses otherwise), so the owner cannot lock themselves out.
 */
export function SecondFactorPolicy({
  required,
  ownerPassedSecondFactor,
  membersWithout,
}: {
  required: boolean;
  ownerPassedSecondFactor: boolean;
  membersWithout: number;
}) {
  const labelId = useId();
  const hintId = useId();
  const update = useUpdateSecondFactorPolicy();
  const blocked = !required && !ownerPassedSecondFactor;
  return (
    <section aria-labelledby={labelId} className="flex flex-col gap-2 rounded-md border p-3">
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <span id={labelId} className="font-medium">
            Require a second factor for all members
          </span>
          <span id={hintId} className="text-muted-foreground">
            {required
              ? membersWithout === 0
                ? "On: everyone has an authenticator app or a passkey."
                : `On: ${membersWithout === 1 ? "1 member" : `${membersWithout} members`} without one will set it up at their next sign-in, before anything else.`
              : "Members without an authenticator app or a passkey will be asked to set one up at their next sign-in."}
          </span>
        </div>
        <Switch
          checked={required}
          aria-labelledby={labelId}
          aria-describedby={hintId}
          disabled={blocked || update.isPending}
          onCheckedChange={(next) =>
            update.mutate(
              { required: next },
              {
                onSuccess: (answer) =>
                  toast.success(outcome(answer.requireSecondFactor, answer.membersWithoutSecondFactor)),
              },
            )
          }
        />
      </div>
      {blocked ? (
        <p className="text-muted-foreground">
          To turn this on, first{" "}
          <Link to={screenPath("/account")} className="font-medium text-primary underline underline-offset-4">
            set up a second factor for your own account
          </Link>{" "}
          (or sign in with your passkey).
        </p>
      ) : null}
      {update.isError ? <Alert tone="error">{update.error.message}</Alert> : null}
    </section>
  );
}
