import { unsubscribeTokens } from "./unsubscribe-token";
import type { UnsubscribeTopic } from "../../../shared/notifications";
import type { UnsubscribeLinks } from "../../mail/alert-templates";

/** What alert and digest mails need to link back: the app's address and each recipient's unsubscribe links. */
export interface MailLinks {
  appUrl: string;
  unsubscribe: (userId: string, topic: UnsubscribeTopic) => UnsubscribeLinks;
  /** The person and preference an unsubscribe link's token names; null for a forged, altered or malformed one. */
  claim: (token: string) => { userId: string; topic: UnsubscribeTopic } | null;
}

export const UNSUBSCRIBE_API_PATH = "/api/email-preferences/unsubscribe";

export function mailLinks(appUrl: string, secret: string): MailLinks {
  const tokens = unsubscribeTokens(secret);
  return {
    appUrl,
    unsubscribe: (userId, topic) => {
      const token = tokens.sign(userId, topic);
      return {
        // The page explains what stops and asks for one click: a link scanner's GET changes nothing.
        url: `${appUrl}/unsubscribe?token=${token}`,
        preferencesUrl: `${appUrl}/account#notifications`,
        // RFC 8058: a mail client's own "unsubscribe" button POSTs here, without opening a page.
        headers: {
          "List-Unsubscribe": `<${appUrl}${UNSUBSCRIBE_API_PATH}/${token}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      };
    },
    claim: (token) => tokens.verify(token),
  };
}
