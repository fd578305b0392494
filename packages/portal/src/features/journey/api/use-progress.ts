import { COMMANDS, type ListParams } from "@lms/core";
import { useCallback } from "react";
import { useList, useRun } from "../../../lib/data";

const progress = COMMANDS.progress;
/** The progress export's path, for the export button. */
const PROGRESS_READS = [progress.list.path];

/** The list parameters of a course's progress: the course is the required courseId filter. */
export function progressParams(params: ListParams, courseId: number): ListParams {
  return {
    ...params,
    filters: [...(params.filters ?? []), { key: "courseId", values: [String(courseId)] }],
  };
}

export function useCourseProgress(params: ListParams) {
  return useList(progress.list, params);
}

/** A teacher's actions on a student's SCORM attempts (`material` scormreset, scormcomplete). */
export function useScormAttemptCommands() {
  const run = useRun();
  const reset = useCallback(
    (materialId: number, userId: number) =>
      run(
        COMMANDS.material.scormreset,
        { id: materialId, userId },
        { invalidates: PROGRESS_READS },
      ),
    [run],
  );
  const markComplete = useCallback(
    (materialId: number, userId: number) =>
      run(
        COMMANDS.material.scormcomplete,
        { id: materialId, userId },
        { invalidates: PROGRESS_READS },
      ),
    [run],
  );
  return { reset, markComplete };
}
