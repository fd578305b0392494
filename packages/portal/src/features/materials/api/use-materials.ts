import type {
  ListParams,
  MaterialRecord,
  MaterialType,
  QuizSettings,
  ScormSettings,
} from "@lms/core";
import { useCallback } from "react";
import { useCommand, useListQuery, useRecordQuery } from "../../../lib/data";
import type { QuizDraft } from "../utils/quiz";
import { MATERIAL_CHANGES, MATERIAL_PATH } from "../../../hooks/use-material-commands";

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

/**
 * One page of every material the caller may see (API-DETAILS.md: `/api/material/ list` without
 * courseId or elementId is the materials screen).
 */
export function useMaterials(params: ListParams) {
  return useListQuery<MaterialRecord>(MATERIAL_PATH, params);
}

export function useMaterial(id: number | null) {
  return useRecordQuery<MaterialDetails>(MATERIAL_PATH, id ? { id } : null);
}

/** Creating and editing a material: its fields and file, a quiz's settings and questions. */
export function useMaterialEditing() {
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
        MATERIAL_CHANGES,
      );
    },
    [run],
  );
  /** quizsettings { id, attemptsAllowed, timeLimitMinutes, passingGrade, shuffle, showCorrectAnswers, questions }. */
  const saveQuizSettings = useCallback(
    (id: number, settings: QuizSettings | QuizDraft) =>
      run(
        { path: MATERIAL_PATH, cmdType: "quizsettings", fields: { id, ...settings } },
        MATERIAL_CHANGES,
      ),
    [run],
  );
  return { save, saveQuizSettings };
}
