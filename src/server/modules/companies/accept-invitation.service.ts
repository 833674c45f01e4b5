import { and, count, eq, isNull, ne, sql } from "drizzle-orm";
import { lockClientCompany } from "../../context/company-scope";
import { automation } from "../../db/schema/automations";
import { invoice, subscription } from "../../db/schema/billing";
import { company, companyInvitation, companyMember } from "../../db/schema/companies";
import { planItem } from "../../db/schema/plan";
import { ticket } from "../../db/schema/support";
import { AppError } from "../../lib/app-error";
import { sha256Hex } from "../../lib/sha256";
import { audit } from "../audit";
import type { Actor, ActorContext, ServiceContext } from "../../context/service-context";
import type { Database } from "../../db/client";

/** Why an invitation cannot be accepted: the error's `reason`, with its status and wording. */
const ACCEPT_PROBLEMS = {
  invalid: ["NOT_FOUND", "This invitation link is not valid. Ask for a new invitation."],
  expired: ["GONE", "This invitation has expired. Ask the person who invited you for a new one."],
  used: ["GONE", "This invitation has already been used."],
  "wrong-email": [
    "FORBIDDEN",
    "This invitation was sent to another email address. Sign in with that address to accept it.",
  ],
  staff: ["FORBIDDEN", "Agency staff accounts do not join client companies."],
} as const;
export type InvitationProblem = keyof typeof ACCEPT_PROBLEMS;

const refused = (reason: InvitationProblem) =>
  new AppError(ACCEPT_PROBLEMS[reason][0], ACCEPT_PROBLEMS[reason][1], { reason });

/** The invitation a link's token is for, with its company's name; null for a token that is no invitation's. */
async function findInvitation(db: Database, token: string) {
  const [row] = await db
    .select({
      id: companyInvitation.id,
      companyId: companyInvitation.companyId,
      email: companyInvitation.email,
      expiresAt: companyInvitation.expiresAt,
      acceptedAt: companyInvitation.acceptedAt,
      companyName: company.name,
    })
    .from(companyInvitation)
    .innerJoin(company, eq(company.id, companyInvitation.companyId))
    .where(eq(companyInvitation.tokenHash, sha256Hex(token)));
  return row ?? null;
}
type Invitation = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;

/** Why `email` cannot use the invitation at `now`; null when it can. */
export async function invitationProblem(db: Database, input: { token: string; email: string; now: Date }) {
  const invitation = await findInvitation(db, input.token);
  return { invitation, problem: problemOf(invitation, input.email, input.now) };
}

function problemOf(invitation: Invitation | null, email: string | null, now: Date): InvitationProblem | null {
  if (!invitation) return "invalid";
  if (invitation.acceptedAt) return "used";
  if (invitation.expiresAt <= now) return "expired";
  if (email !== null && invitation.email.toLowerCase() !== email.toLowerCase()) return "wrong-email";
  return null;
}

/**
 * What a signed-out visitor holding an invitation link may know: which company invites which
 * address, until when. The link's random token is the proof; a bad one says why it cannot be used.
 */
export async function previewInvitation(ctx: ServiceContext, input: { token: string }) {
  const invitation = await findInvitation(ctx.db, input.token);
  const problem = problemOf(invitation, null, ctx.now);
  if (problem) throw refused(problem);
  const { companyName, email, expiresAt } = invitation!;
  return { companyName, email, expiresAt: expiresAt.toISOString() };
}

/**
 * The owner of a company with other members does not leave it by joining another: it would be
 * left without an owner (the rule of a role change, set-user-role.service.ts).
 */
async function refuseOwnerWithMembers(tx: Database, viewerId: string, companyId: string, joining: string) {
  const [own] = await tx
    .select({ name: company.name, others: count(companyMember.userId) })
    .from(company)
    .leftJoin(companyMember, and(eq(companyMember.companyId, company.id), ne(companyMember.userId, viewerId)))
    .where(eq(company.id, companyId))
    .groupBy(company.id);
  const n = own?.others ?? 0;
  if (n === 0) return;
  throw new AppError(
    "CONFLICT",
    `You own ${own!.name}, which has ${n} other member${n === 1 ? "" : "s"}: joining ${joining} would leave ` +
      `${n === 1 ? "them" : "them all"} without an owner. Ask us to make one of them its owner first, then accept again.`,
    { reason: "owner-with-members" },
  );
}

/** What a company holds that must keep a person: its books, its work or its requests. */
async function whatItHolds(tx: Database, companyId: string): Promise<string[]> {
  const has = (table: typeof subscription | typeof invoice | typeof automation | typeof ticket | typeof planItem) =>
    sql<boolean>`exists (select 1 from ${table} where ${table.companyId} = ${companyId})`;
  const [row] = await tx
    .select({
      subscription: has(subscription),
      invoices: has(invoice),
      automations: has(automation),
      tickets: has(ticket),
      plan: has(planItem),
    })
    .from(sql`(select 1) as one`);
  const words = {
    subscription: "a subscription",
    invoices: "invoices",
    automations: "automations",
    tickets: "tickets",
    plan: "an automation plan",
  };
  return (Object.keys(words) as (keyof typeof words)[]).filter((key) => row?.[key]).map((key) => words[key]);
}

/**
 * The last member of a company that holds something (a subscription, invoices, automations,
 * tickets, a plan) does not leave it by joining another: it would be left with nobody. An empty
 * company, such as the one made at sign-up, is removed instead.
 */
async function refuseLastMemberOfKeptCompany(tx: Database, companyId: string, joining: string) {
  const held = await whatItHolds(tx, companyId);
  if (held.length === 0) return false;
  const [own] = await tx.select({ name: company.name }).from(company).where(eq(company.id, companyId));
  const list = held.length === 1 ? held[0]! : `${held.slice(0, -1).join(", ")} and ${held.at(-1)!}`;
  throw new AppError(
    "CONFLICT",
    `You are the only member of ${own!.name}, which has ${list}: joining ${joining} would leave it with nobody. ` +
      `Invite someone to ${own!.name} first (or ask us to close it), then accept again.`,
    { reason: "last-member" },
  );
}

/** What joining and leaving need of a context: the sign-up hook has no full one. */
type Joiner = Pick<ActorContext, "db" | "actor" | "now">;

export type AcceptResult = { ok: true; companyId: string; companyName: string };

/**
 * Joins the invited company. The invitation is claimed by one conditional UPDATE, so it works
 * once. The user leaves the company they were in, which must not be left without an owner or,
 * when it holds anything, without anyone; an empty one is removed. Each step is in the audit log.
 */
export async function acceptInvitation(ctx: ActorContext, input: { token: string }): Promise<AcceptResult> {
  const { actor: viewer, now } = ctx;
  if (viewer.role === "admin") throw refused("staff");
  const { invitation, problem } = await invitationProblem(ctx.db, { token: input.token, email: viewer.email, now });
  if (problem) throw refused(problem);
  const invited = invitation!;
  return ctx.transaction(async (tx) => {
    const own = await tx.db
      .select({ companyId: companyMember.companyId, role: companyMember.role, name: company.name })
      .from(companyMember)
      .innerJoin(company, eq(company.id, companyMember.companyId))
      .where(and(eq(companyMember.userId, viewer.id), ne(companyMember.companyId, invited.companyId)));
    // Both companies are locked, always in one order: a member joining the company being left waits
    // for the check below (or finds it gone), and two owners joining each other's at once do not deadlock.
    const locked = [invited.companyId, ...own.map((m) => m.companyId)].sort();
    for (const companyId of locked) await lockClientCompany(tx.db, companyId);
    for (const membership of own) {
      if (membership.role === "owner")
        await refuseOwnerWithMembers(tx.db, viewer.id, membership.companyId, invited.companyName);
      if (await isLastMember(tx.db, viewer.id, membership.companyId))
        await refuseLastMemberOfKeptCompany(tx.db, membership.companyId, invited.companyName);
    }
    for (const membership of own) await leaveCompany(tx, membership);
    await joinCompany(tx, invited);
    return { ok: true, companyId: invited.companyId, companyName: invited.companyName } as const;
  });
}

async function isLastMember(tx: Database, userId: string, companyId: string) {
  const [others] = await tx
    .select({ n: count() })
    .from(companyMember)
    .where(and(eq(companyMember.companyId, companyId), ne(companyMember.userId, userId)));
  return (others?.n ?? 0) === 0;
}

/** The actor leaves a company (the checks above passed); a company left empty is removed. Both audited. */
async function leaveCompany(tx: Joiner, membership: { companyId: string; role: string; name: string }) {
  const { actor } = tx;
  await tx.db
    .delete(companyMember)
    .where(and(eq(companyMember.userId, actor.id), eq(companyMember.companyId, membership.companyId)));
  const emptied = await isLastMember(tx.db, actor.id, membership.companyId);
  await audit(tx, {
    action: "member.left",
    companyId: membership.companyId,
    objectType: "member",
    objectId: actor.id,
    summary: `${actor.email} left ${membership.name} to accept an invitation`,
    before: { email: actor.email, role: membership.role },
  });
  if (!emptied) return;
  await tx.db.delete(company).where(eq(company.id, membership.companyId));
  await audit(tx, {
    action: "company.deleted",
    companyId: membership.companyId,
    objectType: "company",
    objectId: membership.companyId,
    summary: `Removed ${membership.name}: its only member left it, and it held nothing`,
    before: { name: membership.name },
  });
}

/**
 * Claims the invitation and adds the actor to its company. The first person to join a company
 * staff created for a client becomes its owner; the company row is locked by the caller, so two
 * people accepting at once cannot both find no owner. Audited in the caller's transaction.
 */
async function joinCompany(tx: Joiner, invited: Invitation) {
  const { actor, now } = tx;
  const claimed = await tx.db
    .update(companyInvitation)
    .set({ acceptedAt: now, acceptedBy: actor.id })
    .where(and(eq(companyInvitation.id, invited.id), isNull(companyInvitation.acceptedAt)))
    .returning({ id: companyInvitation.id });
  if (claimed.length === 0) throw refused("used");
  const [owner] = await tx.db
    .select({ userId: companyMember.userId })
    .from(companyMember)
    .where(and(eq(companyMember.companyId, invited.companyId), eq(companyMember.role, "owner")))
    .limit(1);
  const role = owner ? ("member" as const) : ("owner" as const);
  await tx.db
    .insert(companyMember)
    .values({ companyId: invited.companyId, userId: actor.id, role, createdAt: now })
    .onConflictDoNothing();
  await audit(tx, {
    action: "member.joined",
    companyId: invited.companyId,
    objectType: "member",
    objectId: actor.id,
    summary: `${actor.email} accepted the invitation and joined ${invited.companyName} as its ${role}`,
    after: { email: actor.email, role },
  });
  return role;
}

/**
 * Sign-up from an invitation link: the new account joins the inviting company instead of getting
 * one of its own. Called from Better Auth's user-created hook, which has only the database: its
 * own transaction locks the company, claims the invitation and audits the join. Returns false when
 * the invitation cannot be used any more (used or expired since the form was checked).
 */
export async function joinInvitedCompanyAtSignUp(
  ctx: Pick<ServiceContext, "db">,
  input: { user: Pick<Actor, "id" | "email" | "name">; token: string; now: Date },
): Promise<boolean> {
  const { invitation, problem } = await invitationProblem(ctx.db, { ...input, email: input.user.email });
  if (problem) return false;
  return ctx.db.transaction(async (db) => {
    await lockClientCompany(db, invitation!.companyId);
    const tx: Joiner = { db, now: input.now, actor: { ...input.user, role: "client", ip: null } };
    try {
      await joinCompany(tx, invitation!);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.options.reason === "used") return false;
      throw error;
    }
  });
}
