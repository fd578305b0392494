import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";
import { useApiClient } from "../../../lib/api-context";
import { JOURNEY_PATH } from "../../../lib/api-paths";
import { ApiError, useCommand } from "../../../lib/data";
import type {
  CourseSummary,
  JourneyState,
  OpenedMaterial,
  QuizResult,
  ScormLaunch,
} from "../../../lib/journey-types";

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
    const result = await client.request<OpenedMaterial>({
      path: JOURNEY_PATH,
      cmdType: "open",
      fields: { materialId: id, ...(newAttempt ? { newAttempt: "1" } : {}) },
    });
    if (!result.ok) throw new ApiError(result);
    void mutate((key) => Array.isArray(key) && key[0] === JOURNEY_PATH);
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

const JOURNEY_READS = [JOURNEY_PATH, "/progress/"];

/** What a material player sends: a completion (with a quiz's answers), a SCORM launch and commit. */
export function usePlayerCommands() {
  const run = useCommand();
  const complete = useCallback(
    (materialId: number, answers?: Record<string, unknown>) =>
      run<QuizResult>(
        {
          path: JOURNEY_PATH,
          cmdType: "complete",
          fields: answers ? { materialId, answers } : { materialId },
        },
        JOURNEY_READS,
      ),
    [run],
  );
  const scormLoad = useCallback(
    (materialId: number, options: { newAttempt?: boolean; sco?: string } = {}) =>
      run<ScormLaunch>(
        {
          path: JOURNEY_PATH,
          cmdType: "scormload",
          fields: {
            materialId,
            ...(options.newAttempt ? { newAttempt: "1" } : {}),
            ...(options.sco ? { sco: options.sco } : {}),
          },
        },
        // A new attempt changes the course's state (the material no longer reviewed).
        options.newAttempt ? JOURNEY_READS : [],
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
      run<{ state: JourneyState; summary: CourseSummary }>(
        {
          path: JOURNEY_PATH,
          cmdType: "scormcommit",
          fields: {
            materialId,
            cmi: JSON.stringify(cmi),
            session: order.session,
            seq: order.seq,
            ...(order.attempt !== undefined ? { attempt: order.attempt } : {}),
            ...(order.sco ? { sco: order.sco } : {}),
          },
          // A save as the page goes cannot wait for the status check.
          ...(order.keepalive ? { keepalive: true, checkStatus: false } : {}),
        },
        JOURNEY_READS,
      ),
    [run],
  );
  return { complete, scormLoad, scormCommit };
}
