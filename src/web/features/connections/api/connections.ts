import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { connectionsOps } from "../../../../shared/operations/connections";
import { call } from "../../../lib/api";
import { connectionKeys } from "./query-keys";
import type { TCreateConnectionRequest, TTestConnectionRequest } from "../../../../shared/connections";

/** A company's connections, with their health, last error and last sync. */
export const useConnections = (companyId: string) =>
  useQuery({
    queryKey: connectionKeys.list(companyId),
    queryFn: ({ signal }) => call(connectionsOps.listConnections, { params: { id: companyId }, signal }),
  });

/** "Test connection": proves the address and key (workflows readable) without saving anything. */
export const useTestConnection = (companyId: string) =>
  useMutation({
    mutationFn: (body: TTestConnectionRequest) =>
      call(connectionsOps.testConnection, { params: { id: companyId }, body }),
  });

export const useCreateConnection = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateConnectionRequest) =>
      call(connectionsOps.createConnection, { params: { id: companyId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionKeys.list(companyId) }),
  });
};

/** Removing a connection forgets its key and its links; the runs it read stay. */
export const useDeleteConnection = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: string) =>
      call(connectionsOps.deleteConnection, { params: { id: companyId, connectionId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionKeys.company(companyId) }),
  });
};

/** Reads new executions now instead of waiting for the periodic sync. */
export const useSyncConnection = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: string) =>
      call(connectionsOps.syncConnection, { params: { id: companyId, connectionId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionKeys.company(companyId) }),
  });
};

/** Counts executions against runs per linked automation, and stores what was missing. */
export const useReconcileConnection = (companyId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: string) =>
      call(connectionsOps.reconcileConnection, { params: { id: companyId, connectionId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionKeys.list(companyId) }),
  });
};
