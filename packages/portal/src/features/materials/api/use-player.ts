import { COMMANDS, callCommand, type ApiResult, type QuizResult } from "@lms/core";
import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";
import { useApiClient } from "../../../lib/api-context";
import { ApiError, useRun } from "../../../lib/data";

const journey = COMMANDS.journey;

const OPEN_KEY = "journey-open";

/**
 * Opens a material (gated: a locked one answers 'Sorry you need to finish previous course
 * element/material.'). Opened once per material; reopening keeps a quiz attempt's order.
 */
export function useOpenMaterial(materialId: number | null) {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  const {
    data,
    error,
    isLoading,
    mutate: reload,
  } = useSWR(
    // Its own key, apart from the journey reads: a completion that refreshes the path must not
    // open the material again (that would start a quiz's next attempt under its result).
    materialId ? [OPEN_KEY, materialId] : null,
    async ([, id]: [string, number]) => openMaterial(id, false),
    { shouldRetryOnError: false, revalidateOnFocus: false, revalidateOnReconnect: false },
  );

  async function openMaterial(id: number, newAttempt: boolean) {
    const result = await callCommand(
      client,
      journey.open,
      newAttempt ? { materialId: id, newAttempt } : { materialId: id },
    );
    if (!result.ok) throw new ApiError(result);
    void mutate((key) => Array.isArray(key) && key[0] === journey.open.path);
    return result.data;
  }

  return {
    data,
    error: error as ApiError | undefined,
    loading: isLoading,
    reload,
    /** A quiz's next attempt, started on the learner's request. */
    startNewAttempt: () =>
      materialId
        ? reload(() => openMaterial(materialId, true), { revalidate: false })
        : Promise.resolve(undefined),
  };
}

const JOURNEY_READS = [journey.path.path, COMMANDS.progress.list.path];

/** What a material player sends: a completion (with a quiz's answers), a SCORM launch and commit. */
export function usePlayerCommands() {
  const run = useRun();
  const complete = useCallback(
    (materialId: number, answers?: Record<string, unknown>) =>
      run(journey.complete, answers ? { materialId, answers } : { materialId }, {
        invalidates: JOURNEY_READS,
      }),
    [run],
  );
  /** A quiz's answers: the completion answers the attempt's grade. */
  const submitQuiz = useCallback(
    (materialId: number, answers: Record<string, unknown>) =>
      complete(materialId, answers) as Promise<ApiResult<QuizResult>>,
    [complete],
  );
  const scormLoad = useCallback(
    (materialId: number, options: { newAttempt?: boolean; sco?: string } = {}) =>
      run(
        journey.scormload,
        {
          materialId,
          ...(options.newAttempt ? { newAttempt: true } : {}),
          ...(options.sco ? { sco: options.sco } : {}),
        },
        // A new attempt changes the course's state (the material no longer reviewed).
        { invalidates: options.newAttempt ? JOURNEY_READS : [] },
      ),
    [run],
  );
  const scormCommit = useCallback(
    (
      materialId: number,
      cmi: Record<string, unknown>,
      order: {
        session: number;
        seq: number;
        attempt?: number;
        keepalive?: boolean;
        sco?: string | null;
      },
    ) =>
      run(
        journey.scormcommit,
        {
          materialId,
          cmi: JSON.stringify(cmi),
          session: order.session,
          seq: order.seq,
          ...(order.attempt !== undefined ? { attempt: order.attempt } : {}),
          ...(order.sco ? { sco: order.sco } : {}),
        },
        {
          invalidates: JOURNEY_READS,
          // A save as the page goes cannot wait for the status check.
          ...(order.keepalive ? { keepalive: true, checkStatus: false } : {}),
        },
      ),
    [run],
  );
  return { complete, submitQuiz, scormLoad, scormCommit };
}
