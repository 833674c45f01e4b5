import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { TUpdateNameRequest } from "../../../../shared/account-schemas";

/** Better Auth's update-user, for the name only. */
export const updateName = (body: TUpdateNameRequest) =>
  apiFetch<{ status: boolean }>("/api/auth/update-user", { json: body });
export const useUpdateName = () => useMutation({ mutationFn: updateName });
