import { useQuery } from "@tanstack/react-query";
import { getTimer } from "./hours-actions";
import { hoursKeys } from "./query-keys";

/** The staff member's running timer, from the server: a reload finds it running. */
export const useTimer = () => useQuery({ queryKey: hoursKeys.timer(), queryFn: ({ signal }) => getTimer(signal) });
