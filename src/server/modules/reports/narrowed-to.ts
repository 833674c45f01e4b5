import { NO_SUCH_COMPANY } from "../../context/company-scope";
import { notFound } from "../../lib/app-error";
import type { ServiceContext } from "../../context/service-context";

/**
 * The reader's context narrowed to one company: staff reach any, a client only their own (any
 * other answers the same 404 as a company that does not exist).
 */
export function narrowedTo(ctx: ServiceContext, companyId: string) {
  if (!ctx.scope.all && ctx.scope.companyId !== companyId) throw notFound(NO_SUCH_COMPANY);
  return ctx.with({ scope: { all: false, companyId } });
}
