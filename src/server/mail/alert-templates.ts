/** Automation alerts: each one personal, with a one-click unsubscribe (RFC 8058) for its recipient. */
import { layout, type MailContent } from "./layout";

/** The recipient's own way out: the page behind the link, the preferences screen, and the RFC 8058 headers. */
export interface UnsubscribeLinks {
  url: string;
  preferencesUrl: string;
  headers: Record<string, string>;
}

export interface AlertSubject {
  automationName: string;
  companyName: string;
  /** The automation's page in the portal. */
  url: string;
  unsubscribe: UnsubscribeLinks;
}

export function personalMail(
  content: Parameters<typeof layout>[0],
  unsubscribe: UnsubscribeLinks,
  reason: string,
  label: string,
): MailContent {
  const footer = {
    text: reason,
    links: [
      { label, url: unsubscribe.url },
      { label: "Email preferences", url: unsubscribe.preferencesUrl },
    ],
  };
  return { ...layout({ ...content, footer }), headers: unsubscribe.headers };
}

/**
 * Who the agency is to the reader: clients are told it is on the problem; staff, who are the
 * agency, are told the client has heard that.
 */
const whoIsOnIt = (input: AlertSubject & { forStaff: boolean }) =>
  input.forStaff
    ? ` ${input.companyName}'s people got this alert too, saying that the agency is looking into it.`
    : " The agency has been told and is looking into it.";

const alert = (content: Parameters<typeof layout>[0], input: AlertSubject) =>
  personalMail(
    content,
    input.unsubscribe,
    `You get this email because alerts about ${input.companyName}'s automations are on for you.`,
    "Stop alert emails",
  );

export function automationFailingMail(
  input: AlertSubject & { failures: number; lastError: string | null; forStaff: boolean },
) {
  return alert(
    {
      kind: "automation-failing",
      subject: `Automation failing: ${input.automationName}`,
      intro:
        `The automation “${input.automationName}” of ${input.companyName} has failed ${input.failures} times in a row.` +
        (input.lastError ? ` The last error reported: ${input.lastError}` : "") +
        whoIsOnIt(input),
      action: { label: "See its runs", url: input.url },
      outro: "You will get one more email when it runs successfully again.",
    },
    input,
  );
}

export function automationRecoveredMail(input: AlertSubject) {
  return alert(
    {
      kind: "automation-recovered",
      subject: `Automation working again: ${input.automationName}`,
      intro: `Good news: the automation “${input.automationName}” of ${input.companyName} ran successfully again after failing.`,
      action: { label: "See its runs", url: input.url },
      outro: "No action is needed.",
    },
    input,
  );
}

const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace("T", " at ")} UTC`;

export function automationStaleMail(
  input: AlertSubject & { expectedEvery: string; lastRunAt: Date | null; forStaff: boolean },
) {
  return alert(
    {
      kind: "automation-stale",
      subject: `Automation not reporting: ${input.automationName}`,
      intro:
        `The automation “${input.automationName}” of ${input.companyName} is expected to run at least once every ` +
        `${input.expectedEvery}, and ` +
        (input.lastRunAt ? `its last run started ${utcMinute(input.lastRunAt)}.` : "no run has been reported yet.") +
        " It may have stopped, or its platform may have stopped reporting." +
        whoIsOnIt(input),
      action: { label: "See the automation", url: input.url },
      outro: "You will get one more email when runs arrive again.",
    },
    input,
  );
}

export function automationStaleRecoveredMail(input: AlertSubject) {
  return alert(
    {
      kind: "automation-stale-recovered",
      subject: `Automation reporting again: ${input.automationName}`,
      intro: `Good news: the automation “${input.automationName}” of ${input.companyName} has reported a run again.`,
      action: { label: "See its runs", url: input.url },
      outro: "No action is needed.",
    },
    input,
  );
}
