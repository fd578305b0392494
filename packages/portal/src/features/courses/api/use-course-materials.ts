import type { MaterialRecord, MaterialType, QuizSettings, ScormSettings } from "@lms/core";
import { useCallback } from "react";
import { useCommand, useRecordQuery } from "../../../lib/data";
import type { Positioned } from "../utils/positions";
import type { QuizDraft } from "../utils/quiz";
import { TRASH_PATHS } from "../../../hooks/use-trash";

export const MATERIAL_PATH = "/material/";
/** Materials are nested in the element list: a material change refreshes both. */
const ELEMENT_LIST_PATH = "/element/";
const CHANGES = [MATERIAL_PATH, ELEMENT_LIST_PATH];

/** A stored file of a material, served to the class-service cookie (API-DETAILS.md). */
export interface MaterialFile {
  path: string;
  size: number;
  contentType: string;
  url: string;
}

/**
 * A material as `get` answers it: a quiz carries its settings and questions, a file or SCORM
 * package its stored files and (SCORM) the address of its launch page.
 */
export type MaterialDetails = MaterialRecord & {
  quiz?: Partial<QuizSettings> | null;
  files?: MaterialFile[];
  launchUrl?: string;
};

export interface MaterialValues {
  courseId: number;
  elementId: number;
  name: string;
  type: MaterialType;
  url: string;
  content: string;
  published: boolean;
  /** A SCORM material's attempt settings. */
  scorm?: ScormSettings;
}

export function useMaterial(id: number | null) {
  return useRecordQuery<MaterialDetails>(MATERIAL_PATH, id ? { id } : null);
}

export function useMaterialCommands() {
  const run = useCommand();
  /**
   * create or update (API-DETAILS.md): the link's url, the page's content, the file as the
   * `file` part or the SCORM zip as the `package` part.
   */
  const save = useCallback(
    (values: MaterialValues, options: { id?: number; upload?: File | null }) => {
      const part = values.type === "scorm" ? "package" : "file";
      return run<MaterialRecord>(
        {
          path: MATERIAL_PATH,
          cmdType: options.id ? "update" : "create",
          fields: {
            ...values,
            scorm: undefined,
            ...(values.type === "scorm" ? values.scorm : {}),
            url: values.type === "link" ? values.url : undefined,
            content: values.type === "page" ? values.content : undefined,
            ...(options.id ? { id: options.id } : {}),
          },
          files: options.upload
            ? { [part]: { blob: options.upload, filename: options.upload.name } }
            : undefined,
        },
        CHANGES,
      );
    },
    [run],
  );
  const remove = useCallback(
    (id: number) =>
      run({ path: MATERIAL_PATH, cmdType: "delete", fields: { id } }, [...TRASH_PATHS]),
    [run],
  );
  const setPublished = useCallback(
    (id: number, published: boolean) =>
      run(
        { path: MATERIAL_PATH, cmdType: published ? "publish" : "unpublish", fields: { id } },
        CHANGES,
      ),
    [run],
  );
  /** Swap two materials of one element (API-DETAILS.md: swap within an element). */
  const swap = useCallback(
    (from: Positioned, to: Positioned, refresh: boolean) =>
      run<{ message: string }>(
        { path: MATERIAL_PATH, cmdType: "swap", fields: { swap_from: from, swap_to: to } },
        refresh ? CHANGES : [],
      ),
    [run],
  );
  /** quizsettings { id, attemptsAllowed, timeLimitMinutes, passingGrade, shuffle, showCorrectAnswers, questions }. */
  const saveQuizSettings = useCallback(
    (id: number, settings: QuizSettings | QuizDraft) =>
      run({ path: MATERIAL_PATH, cmdType: "quizsettings", fields: { id, ...settings } }, CHANGES),
    [run],
  );
  return { save, remove, setPublished, swap, saveQuizSettings };
}
