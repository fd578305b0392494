import {
  callCommand,
  type AnswerOf,
  type ApiFailure,
  type ApiResult,
  type CallOptions,
  type CommandSpec,
  type InputOf,
  type ListPage,
  type ListParams,
  type OutputOf,
} from "@lms/core";
import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";
import { useApiClient } from "./api-context";

/** Thrown into SWR so that a failed read keeps its answer (status, code, message). */
export class ApiError extends Error {
  readonly failure: ApiFailure;
  constructor(failure: ApiFailure) {
    super(failure.message);
    this.failure = failure;
  }
}

const isUnavailable = (error: unknown) => error instanceof ApiError && error.failure.status === 503;

/**
 * Reads are asked again by themselves while the server cannot reach its database (a 503 with
 * Retry-After), every few seconds, and not on other failures (a 403 stays a 403).
 */
export const RETRY_WHEN_UNAVAILABLE = {
  shouldRetryOnError: isUnavailable,
  // Every 3 s for as long as it lasts (SWR's own backoff would wait up to minutes).
  onErrorRetry: (
    error: unknown,
    _key: unknown,
    _config: unknown,
    revalidate: (options: { retryCount: number }) => void | Promise<boolean>,
    { retryCount }: { retryCount: number },
  ) => {
    if (isUnavailable(error)) setTimeout(() => void revalidate({ retryCount }), 3000);
  },
};

function unwrap<T>(result: ApiResult<T>): T {
  if (!result.ok) throw new ApiError(result);
  return result.data;
}

type ListSpec = CommandSpec & { answer: "list" };

/**
 * One page of a list command of the contract (`COMMANDS.school.list`, a recycle bin's `trash`):
 * SPEC.md §7's generic list table. A failed load is only logged and the table keeps its rows.
 */
export function useList<S extends ListSpec>(spec: S, params: ListParams, enabled = true) {
  const client = useApiClient();
  const { data, error, isLoading, isValidating, mutate } = useSWR(
    enabled ? [spec.path, spec.cmdType, params] : null,
    async ([, , q]: [string, string, ListParams]) =>
      unwrap((await callCommand(client, spec, q as InputOf<S>)) as ApiResult<unknown>),
    {
      keepPreviousData: true,
      onError: (err) => console.error(`Loading ${spec.path} ${spec.cmdType} failed`, err),
    },
  );
  return {
    page: data as ListPage<OutputOf<S>> | undefined,
    error: error as ApiError | undefined,
    loading: isLoading,
    refreshing: isValidating,
    reload: mutate,
  };
}

/** The answer of a read command of the contract (`contract.school.get`); null input: none yet. */
export function useRead<S extends CommandSpec>(spec: S, input: InputOf<S> | null) {
  const client = useApiClient();
  const { data, error, isLoading, mutate } = useSWR(
    input === null ? null : [spec.path, spec.cmdType, input],
    async ([, , i]: [string, string, InputOf<S>]) =>
      unwrap((await callCommand(client, spec, i)) as ApiResult<unknown>),
    RETRY_WHEN_UNAVAILABLE,
  );
  return {
    data: data as OutputOf<S> | undefined,
    error: error as ApiError | undefined,
    loading: isLoading,
    reload: mutate,
  };
}

/**
 * Runs a command of the contract and, when it succeeds, revalidates every cached read of the
 * paths it changes (its own by default).
 */
export function useRun() {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  return useCallback(
    async <S extends CommandSpec>(
      spec: S,
      input: InputOf<S>,
      options: CallOptions & { invalidates?: readonly string[] } = {},
    ): Promise<AnswerOf<S>> => {
      const { invalidates = [spec.path], ...call } = options;
      const result = await callCommand(client, spec, input, call);
      if ((result as { ok: boolean }).ok) {
        await mutate(
          (key) => Array.isArray(key) && typeof key[0] === "string" && invalidates.includes(key[0]),
        );
      }
      return result;
    },
    [client, mutate],
  );
}
