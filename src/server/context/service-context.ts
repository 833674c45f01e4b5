import { mailOutbox } from "../db/schema/mail";
import { NO_COMPANY_SCOPE, type CompanyScope } from "./company-scope";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { MailContent } from "../mail/layout";
import type { MailLinks } from "../modules/notifications";
import type { AttachmentStore } from "../modules/support";

/** A signed-in person acting through the API: who they are, for the audit log and what is written in their name. */
export interface Actor {
  id: string;
  email: string;
  name: string;
  /** "admin" for agency staff; null or "user" for a client. */
  role: string | null;
  /** The address they called from, as the audit log records it; null when not known. */
  ip: string | null;
}

/** How one queued message is sent besides its content: threading headers, and not before a time. */
export interface MailDelivery {
  replyTo?: string | null;
  inReplyTo?: string | null;
  references?: string | null;
  /** Not sent before this time (a notice waits to gather the replies that follow). */
  notBefore?: Date;
}

/** Mail written in the same transaction as the change that caused it (the outbox, ADR 0004). */
export interface Outbox {
  /** Queues one message and answers its id; the mail worker is woken once the change commits. */
  enqueue: (to: string, content: MailContent, delivery?: MailDelivery) => Promise<string>;
}

/** The server's settings and stores, the same for every request and job. */
export interface AppContext {
  config: Config;
  /** Links back to the app, with each recipient's signed unsubscribe link. */
  links: MailLinks;
  /** Where the tickets' files are stored. */
  attachments: AttachmentStore;
}

/**
 * What every service is called with, built once per request (`http/service-context.ts`) and once
 * per background job pass (`jobs.ts`): the database (or the transaction it runs in), who acts and
 * which companies they may reach, one clock reading, the outbox, and the server's settings and
 * stores. Services take `(ctx, input)`.
 */
export interface ServiceContext<A extends Actor | null = Actor | null> {
  /** The database, or inside `transaction` the transaction itself. */
  db: Database;
  /** The person acting; null for the system (a background job, a public form, an ingest key). */
  actor: A;
  /** The companies the actor may read and change. */
  scope: CompanyScope;
  /** The one "now" of this request or job pass. */
  now: Date;
  outbox: Outbox;
  app: AppContext;
  /** Runs `work` in a transaction (a savepoint when already in one); mail it queued is woken after the commit. */
  transaction: <T>(work: (tx: ServiceContext<A>) => Promise<T>) => Promise<T>;
  /** The same context for another actor or scope (a job acting for one company, staff acting as themselves). */
  with: <B extends Actor | null = A>(changes: { actor?: B; scope?: CompanyScope; now?: Date }) => ServiceContext<B>;
}

/** A context with a signed-in person. */
export type ActorContext = ServiceContext<Actor>;

export interface ServiceContextOptions<A extends Actor | null> {
  db: Database;
  app: AppContext;
  /** Wakes the mail worker (the mailer's `nudge`). */
  wakeMail: () => void;
  actor: A;
  scope?: CompanyScope;
  now?: Date;
}

/** Makes a context; mail queued outside a transaction wakes the worker at once, inside one after its commit. */
export function createServiceContext<A extends Actor | null>(options: ServiceContextOptions<A>): ServiceContext<A> {
  const { wakeMail, app } = options;
  const make = <B extends Actor | null>(
    db: Database,
    fields: { actor: B; scope: CompanyScope; now: Date },
    commit: { mailQueued: boolean } | null,
  ): ServiceContext<B> => ({
    db,
    ...fields,
    app,
    outbox: {
      enqueue: async (to, content, { notBefore, ...threading } = {}) => {
        // Due from this process's clock, the one the worker compares with: the database's now()
        // carries microseconds, and would make a message "not yet due" for the same millisecond.
        const [queued] = await db
          .insert(mailOutbox)
          .values({ to, ...content, ...threading, nextAttemptAt: notBefore ?? new Date() })
          .returning({ id: mailOutbox.id });
        if (commit) commit.mailQueued = true;
        else wakeMail();
        return queued!.id;
      },
    },
    transaction: async (work) => {
      if (commit) return db.transaction((tx) => work(make(tx, fields, commit)));
      const pending = { mailQueued: false };
      const result = await db.transaction((tx) => work(make(tx, fields, pending)));
      if (pending.mailQueued) wakeMail();
      return result;
    },
    with: <C extends Actor | null>(changes: { actor?: C; scope?: CompanyScope; now?: Date }) =>
      make(db, { ...fields, ...changes } as { actor: C; scope: CompanyScope; now: Date }, commit),
  });
  return make(
    options.db,
    { actor: options.actor, scope: options.scope ?? NO_COMPANY_SCOPE, now: options.now ?? new Date() },
    null,
  );
}
