// How a run report's ingest key is checked (the access guard of the run reporting API) and
// hashed (when staff issue one). A module of its own, without endpoints, so that the HTTP
// layer's guards can use it without loading any module's routes.
export {
  authenticateIngestKey,
  createIngestKeyAuthenticator,
  hashIngestKey,
  INVALID_INGEST_KEY,
  type IngestContext,
} from "./authenticate-ingest-key.service";
