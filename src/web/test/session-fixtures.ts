import type { InitialSession } from "../features/auth/auth-context";

/** A signed-in client as Better Auth's session read answers it: the user and their session. */
export const SIGNED_IN_CLIENT = {
  user: {
    id: "u1",
    email: "ann@acme.test",
    name: "Ann Client",
    role: "client",
    emailVerified: true,
    twoFactorEnabled: false,
    createdAt: "2026-03-01T00:00:00.000Z",
    updatedAt: "2026-03-01T00:00:00.000Z",
  },
  session: {
    id: "s1",
    userId: "u1",
    token: "t",
    expiresAt: "2099-01-01T00:00:00.000Z",
    createdAt: "2026-03-01T00:00:00.000Z",
    updatedAt: "2026-03-01T00:00:00.000Z",
  },
} as NonNullable<InitialSession>;
