import { useMutation } from "@tanstack/react-query";
import { resendConfirmation } from "./send-confirmation";

export { resendConfirmation };
export const useResendConfirmation = () => useMutation({ mutationFn: resendConfirmation });
