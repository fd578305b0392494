import { commandPath } from "./define";
import type { Contract, ContractResource } from "./index";

type JsonCommand<R extends ContractResource> = {
  [C in keyof Contract[R]]: Contract[R][C] extends { answer: "json" } ? C : never;
}[keyof Contract[R]] &
  string;

/**
 * A JSON command of the contract by name, typed as its declaration but without loading it (no zod,
 * no schemas): for the pages that open the portal (sign-in, forgotten password), whose code must
 * stay small. callCommand reads only its path, cmdType and answer kind.
 */
export function commandRef<R extends ContractResource, C extends JsonCommand<R>>(
  resource: R,
  cmdType: C,
): Contract[R][C] {
  return {
    resource,
    cmdType,
    path: commandPath(resource),
    answer: "json",
    listRequest: false,
  } as unknown as Contract[R][C];
}
