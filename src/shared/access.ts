/**
 * Who may call an endpoint or open a screen. Declared once beside each endpoint (server) and
 * each screen (web); the server enforces it in one place (src/server/http/access-guards.ts).
 */
export const ACCESS_LEVELS = ["public", "signedIn", "member", "owner", "staff", "ingest"] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export const ACCESS_DESCRIPTIONS: Record<Access, string> = {
  public: "Anyone, signed in or not.",
  signedIn: "Any signed-in user.",
  member:
    "A signed-in member of the client company that owns the object (agency staff: every company). " +
    "Objects of another company answer 404.",
  owner: "The owner of the signed-in user's client company.",
  staff: "Agency staff (role admin) only.",
  ingest: "An automation's ingest key in `Authorization: Bearer <key>`; cookies are ignored.",
};

/** Screens are public, for any signed-in user, or for staff (the server refuses their data regardless). */
export type ScreenAccess = Extract<Access, "public" | "signedIn" | "staff">;
