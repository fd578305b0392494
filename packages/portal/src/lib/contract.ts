import { createContractClient, type ApiClient, type ContractClient } from "@lms/core";
import { useApiClient } from "./api-context";

const contracts = new WeakMap<ApiClient, ContractClient>();

/**
 * The typed client of the main service's commands (`api.user.list(params)`), for signed-in
 * pages: it loads the whole contract (zod and every schema), which the sign-in pages do without
 * (they name their commands with commandRef).
 */
export function useContract(): ContractClient {
  const client = useApiClient();
  let made = contracts.get(client);
  if (!made) contracts.set(client, (made = createContractClient(client)));
  return made;
}
