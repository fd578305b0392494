import type { LoginInput } from "@lms/core";
import { useCallback } from "react";
import { useApiClient } from "../../../lib/api-context";

export function useLogin() {
  const client = useApiClient();
  return useCallback(
    (input: LoginInput) => client.login({ userName: input.userName, password: input.password }),
    [client],
  );
}
