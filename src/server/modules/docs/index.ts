/** The docs module's front door: the API reference, for people and for tools. */
export { docsEndpoints } from "./docs.routes";
