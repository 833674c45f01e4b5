import type { TPayTo } from "../../../../shared/billing";

/** The agency's bank details for the manual provider (from the server's configuration). */
export function PayTo({ payTo }: { payTo: TPayTo }) {
  if (!payTo.iban)
    return payTo.instructions ? <p className="text-sm text-muted-foreground">{payTo.instructions}</p> : null;
  return (
    <>
      <p className="text-sm text-muted-foreground">
        Pay by bank transfer to {payTo.payee ?? payTo.issuer}, IBAN <span className="font-mono">{payTo.iban}</span>
        {payTo.bic ? (
          <>
            , BIC <span className="font-mono">{payTo.bic}</span>
          </>
        ) : null}
        , quoting the invoice number.
      </p>
      {payTo.instructions ? <p className="text-sm text-muted-foreground">{payTo.instructions}</p> : null}
    </>
  );
}
