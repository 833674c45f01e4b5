import type { ChannelKind } from "../../../shared/channels-labels";
import type { EventSummary } from "../../db/schema/channels";

/** Slack's mrkdwn treats &, < and > as markup: escaped, a client's text cannot make links or mentions. */
const slackEscape = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function slackMessage(summary: EventSummary) {
  const text = `*${slackEscape(summary.title)}*\n${slackEscape(summary.text)}`;
  return {
    text: `${summary.title}: ${summary.text}`,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text } },
      {
        type: "actions",
        elements: [{ type: "button", text: { type: "plain_text", text: "Open in Cogwork" }, url: summary.url }],
      },
    ],
  };
}

/** A Teams workflow ("When a Teams webhook request is received") posts the Adaptive Card attachments it gets. */
function teamsMessage(summary: EventSummary) {
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body: [
            { type: "TextBlock", text: summary.title, weight: "Bolder", size: "Medium", wrap: true },
            { type: "TextBlock", text: summary.text, wrap: true },
          ],
          actions: [{ type: "Action.OpenUrl", title: "Open in Cogwork", url: summary.url }],
        },
      },
    ],
  };
}

/** The body posted to a channel of this kind: a chat message, or the event itself (webhooks). */
export function messageBody(kind: ChannelKind, event: Record<string, unknown>, summary: EventSummary): string {
  if (kind === "slack") return JSON.stringify(slackMessage(summary));
  if (kind === "teams") return JSON.stringify(teamsMessage(summary));
  return JSON.stringify(event);
}
