import { useMutation } from "@tanstack/react-query";
import { betterAuthOps } from "../../../../shared/operations/better-auth";
import { call } from "../../../lib/api";
import type { TUpdateNameRequest } from "../../../../shared/better-auth-requests";

/** Better Auth's update-user, for the name only. */
export const updateName = (body: TUpdateNameRequest) => call(betterAuthOps.updateUser, { body });
export const useUpdateName = () => useMutation({ mutationFn: updateName });
