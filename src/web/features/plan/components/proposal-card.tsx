import { PLATFORM_LABELS } from "../../../../shared/automations";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatDate, formatDateTime, money } from "../../../lib/format";
import type { PlanProposalView } from "../../../../shared/plan";

function monthlyChange(p: PlanProposalView) {
  if (p.monthlyFeeChangeMinor === 0) return "No change";
  const sign = p.monthlyFeeChangeMinor > 0 ? "+" : "−";
  return `${sign}${money(Math.abs(p.monthlyFeeChangeMinor), p.currency)} a month`;
}

function ProposalFacts({ proposal }: { proposal: PlanProposalView }) {
  const facts: [string, string][] = [
    ["Platform", PLATFORM_LABELS[proposal.platform]],
    ["Saves", `about ${proposal.hoursPerMonth} hours a month`],
    ["Setup fee", money(proposal.setupFeeMinor, proposal.currency)],
    ["Monthly fee", monthlyChange(proposal)],
    ["Ready by", proposal.targetDate ? formatDate(proposal.targetDate) : "To be agreed"],
  ];
  return (
    <>
      <p className="whitespace-pre-wrap">{proposal.scope}</p>
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** The newest proposal, with the earlier versions folded away below it. */
export function ProposalCard({
  proposals,
  approvedVersion,
}: {
  proposals: PlanProposalView[];
  approvedVersion: number | null;
}) {
  const [current, ...older] = proposals;
  if (!current) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          Proposal, version {current.version}
          {approvedVersion === current.version ? " (approved)" : ""}
        </CardTitle>
        <CardDescription>
          Written by {current.createdBy} on {formatDateTime(current.createdAt)}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ProposalFacts proposal={current} />
        {older.map((proposal) => (
          <details key={proposal.version} className="mt-4 rounded-md border p-3 text-sm">
            <summary className="cursor-pointer font-medium">
              Version {proposal.version}
              {approvedVersion === proposal.version ? " (approved)" : ""} · {formatDateTime(proposal.createdAt)}
            </summary>
            <div className="mt-3">
              <ProposalFacts proposal={proposal} />
            </div>
          </details>
        ))}
      </CardContent>
    </Card>
  );
}
