import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { html, raw } from "hono/html";
import { LIMITS, plainString } from "../../shared/fields";
import { mailOutbox } from "../db/schema/mail";
import type { Database } from "../db/client";

/**
 * Development only: every message the app has written, newest first, so a developer
 * (and the browser tests) can follow links without an SMTP server. Never mounted in production.
 */
export function devMailboxRoutes(db: Database) {
  const list = (to?: string) =>
    db
      .select()
      .from(mailOutbox)
      .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(100);

  /** The `to` filter, refused with control characters (PostgreSQL refuses NUL in text). */
  const recipient = plainString(LIMITS.text).optional();
  const badFilter = { message: "The to= filter must be an email address." };

  return new Hono()
    .use(async (c, next) => {
      await next();
      // The messages carry password-reset and sign-in links: no browser or proxy may keep them.
      c.header("Cache-Control", "no-store");
    })
    .get("/messages", async (c) => {
      const to = recipient.safeParse(c.req.query("to"));
      return to.success ? c.json({ messages: await list(to.data) }) : c.json(badFilter, 400);
    })
    .get("/", async (c) => {
      const to = recipient.safeParse(c.req.query("to"));
      if (!to.success) return c.json(badFilter, 400);
      const messages = await list(to.data);
      const linkify = (text: string) =>
        text
          .replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
          .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
      return c.html(
        html`<!doctype html>
          <html lang="en">
            <head>
              <meta charset="utf-8" />
              <meta name="viewport" content="width=device-width, initial-scale=1" />
              <title>Dev mailbox · Cogwork</title>
              <link rel="stylesheet" href="/dev/mailbox/mailbox.css" />
            </head>
            <body>
              <main>
                <h1>Dev mailbox</h1>
                <p>Mail the app has written (not delivered anywhere). Only available outside production.</p>
                ${messages.length === 0 ? html`<p>No mail yet.</p>` : ""}
                ${messages.map(
                  (m) =>
                    html`<article>
                      <h2>${m.subject}</h2>
                      <p class="meta">To ${m.to} · ${m.createdAt.toISOString()} · ${m.status}</p>
                      <pre>${raw(linkify(m.text))}</pre>
                    </article>`,
                )}
              </main>
            </body>
          </html>`,
      );
    })
    .get("/mailbox.css", (c) =>
      c.body(
        "body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}main{max-width:760px;margin:0 auto;padding:24px}" +
          "article{background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:16px;margin:12px 0}h2{font-size:1.05rem;margin:0}" +
          ".meta{color:#475569;font-size:.85rem}pre{white-space:pre-wrap;word-break:break-all;font-family:inherit}a{color:#1d4ed8}",
        200,
        { "content-type": "text/css; charset=utf-8" },
      ),
    );
}
