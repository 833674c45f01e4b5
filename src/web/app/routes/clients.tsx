import { ClientsScreen } from "../../features/clients/components/clients-screen";

export function Component() {
  return <ClientsScreen />;
}
