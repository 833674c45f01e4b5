import { connectionsSchemas as schemas } from "../../../shared/connections";
import { connectionsOps as ops } from "../../../shared/operations/connections";
import { conflictResponse, handle, operationEndpoint } from "../../http/endpoint";
import { actorContextOf, contextOf } from "../../http/service-context";
import { createConnection, deleteConnection, listConnections, testConnection } from "./manage-connections.service";
import { reconcileConnection } from "./reconcile.service";
import { retryRun } from "./retry.service";
import { syncConnection } from "./sync.service";
import { linkWorkflow, listWorkflows, unlinkWorkflow } from "./workflows.service";

const staff = { access: "staff", tag: "Staff: platform connections" } as const;
const failing = conflictResponse("n8n refused the key or did not answer; the message says which.");

const e = {
  list: operationEndpoint({
    ...staff,
    operation: ops.listConnections,
    schemas: schemas.listConnections,
    summary: "A client company's n8n connections",
    ok: "Oldest first, with health, last error and last sync; the API key only as its last 4 characters.",
  }),
  test: operationEndpoint({
    ...staff,
    operation: ops.testConnection,
    schemas: schemas.testConnection,
    summary: "Test an address and API key before saving: are the workflows readable?",
    description: "Nothing is stored. In production, https only and no private or loopback addresses unless allowed.",
    ok: "How the instance answered: ok, unauthorized or unreachable, in words.",
  }),
  create: operationEndpoint({
    ...staff,
    operation: ops.createConnection,
    schemas: schemas.createConnection,
    summary: "Connect an n8n instance (tested first; the key is stored encrypted)",
    ok: "The connection.",
    okStatus: 201,
  }),
  remove: operationEndpoint({
    ...staff,
    operation: ops.deleteConnection,
    schemas: schemas.deleteConnection,
    summary: "Remove a connection and its workflow links (the runs it read stay)",
    ok: "Removed.",
  }),
  workflows: operationEndpoint({
    ...staff,
    operation: ops.listWorkflows,
    schemas: schemas.listWorkflows,
    summary: "The instance's workflows (name, active, tags) and the automation each one feeds",
    ok: "The workflows as n8n lists them.",
    responses: failing,
  }),
  link: operationEndpoint({
    ...staff,
    operation: ops.linkWorkflow,
    schemas: schemas.linkWorkflow,
    summary: "Link a workflow to an automation, or create the automation from it",
    description:
      "An automation has at most one workflow and a workflow feeds one automation. The next sync backfills 30 days.",
    ok: "The link.",
    okStatus: 201,
    responses: conflictResponse("Already linked, or n8n did not answer."),
  }),
  unlink: operationEndpoint({
    ...staff,
    operation: ops.unlinkWorkflow,
    schemas: schemas.unlinkWorkflow,
    summary: "Unlink a workflow (its runs stay)",
    ok: "Unlinked.",
  }),
  sync: operationEndpoint({
    ...staff,
    operation: ops.syncConnection,
    schemas: schemas.syncConnection,
    summary: "Sync now: read the linked workflows' new executions as runs",
    ok: "What was read and stored, and the connection's health.",
    responses: conflictResponse("A sync of this connection is already under way."),
  }),
  reconcile: operationEndpoint({
    ...staff,
    operation: ops.reconcileConnection,
    schemas: schemas.reconcileConnection,
    summary: "Reconcile each linked automation: n8n's executions against Cogwork's runs (24 hours and 30 days)",
    description: "Executions never reported are stored as runs now.",
    ok: "Per automation: counts, what each side lacks, and a sentence.",
    responses: failing,
  }),
  retry: operationEndpoint({
    ...staff,
    operation: ops.retryRun,
    schemas: schemas.retryRun,
    summary: "Retry a failed run's execution in n8n (audited)",
    ok: "The new execution's id; it appears as its own run, a retry of this one.",
    responses: conflictResponse("The run did not fail, or n8n refused the retry."),
  }),
};

const ids = (param: { id: string; connectionId: string }) => ({
  companyId: param.id,
  connectionId: param.connectionId,
});

/** Staff connect a client's n8n, link its workflows, sync, reconcile and retry. */
export const connectionsEndpoints = () => [
  handle(e.list, async (c) => c.json(await listConnections(contextOf(c), { companyId: c.req.valid("param").id }), 200)),
  handle(e.test, async (c) =>
    c.json(await testConnection(contextOf(c), { ...c.req.valid("json"), companyId: c.req.valid("param").id }), 200),
  ),
  handle(e.create, async (c) =>
    c.json(
      await createConnection(actorContextOf(c), { ...c.req.valid("json"), companyId: c.req.valid("param").id }),
      201,
    ),
  ),
  handle(e.remove, async (c) => c.json(await deleteConnection(actorContextOf(c), ids(c.req.valid("param"))), 200)),
  handle(e.workflows, async (c) => c.json(await listWorkflows(contextOf(c), ids(c.req.valid("param"))), 200)),
  handle(e.link, async (c) =>
    c.json(await linkWorkflow(actorContextOf(c), { ...ids(c.req.valid("param")), ...c.req.valid("json") }), 201),
  ),
  handle(e.unlink, async (c) =>
    c.json(
      await unlinkWorkflow(actorContextOf(c), { ...ids(c.req.valid("param")), linkId: c.req.valid("param").linkId }),
      200,
    ),
  ),
  handle(e.sync, async (c) => c.json(await syncConnection(contextOf(c), ids(c.req.valid("param"))), 200)),
  handle(e.reconcile, async (c) => c.json(await reconcileConnection(contextOf(c), ids(c.req.valid("param"))), 200)),
  handle(e.retry, async (c) => {
    const { id, automationId, runId } = c.req.valid("param");
    return c.json(await retryRun(actorContextOf(c), { companyId: id, automationId, runId }), 200);
  }),
];
