import { useMutation } from "@tanstack/react-query";
import type { TUpdateNameRequest } from "../../../../shared/account-schemas";
import { apiFetch } from "../../../lib/api";

/** Better Auth's update-user, for the name only. */
export const updateName = (body: TUpdateNameRequest) => apiFetch<{ status: boolean }>("/api/auth/update-user", { json: body });
export const useUpdateName = () => useMutation({ mutationFn: updateName });
