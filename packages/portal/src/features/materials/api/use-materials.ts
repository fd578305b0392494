import {
  COMMANDS,
  type ListParams,
  type MaterialType,
  type QuizSettings,
  type ScormSettings,
} from "@lms/core";
import { useCallback } from "react";
import { useList, useRead, useRun } from "../../../lib/data";
import type { QuizDraft } from "../utils/quiz";
import { MATERIAL_CHANGES } from "../../../hooks/use-material-commands";

const material = COMMANDS.material;

/** What the material form saves; `scorm` goes as the SCORM settings' own fields. */
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
  return useList(material.list, params);
}

/** A material with its files, SCORM launch page or quiz (`get`). */
export function useMaterial(id: number | null) {
  return useRead(material.get, id ? { id } : null);
}

/** Creating and editing a material: its fields and file, a quiz's settings and questions. */
export function useMaterialEditing() {
  const run = useRun();
  /**
   * create or update (API-DETAILS.md): the link's url, the page's content, the file as the
   * `file` part or the SCORM zip as the `package` part.
   */
  const save = useCallback(
    (values: MaterialValues, options: { id?: number; version?: number; upload?: File | null }) => {
      const part = values.type === "scorm" ? "package" : "file";
      const { scorm, ...fields } = values;
      const input = {
        ...fields,
        ...(values.type === "scorm" ? scorm : {}),
        url: values.type === "link" ? values.url : undefined,
        content: values.type === "page" ? values.content : undefined,
      };
      const call = {
        files: options.upload
          ? { [part]: { blob: options.upload, filename: options.upload.name } }
          : undefined,
        invalidates: MATERIAL_CHANGES,
      };
      return options.id
        ? run(material.update, { ...input, id: options.id, version: options.version }, call)
        : run(material.create, input, call);
    },
    [run],
  );
  /** quizsettings { id, attemptsAllowed, timeLimitMinutes, passingGrade, shuffle, showCorrectAnswers, questions }. */
  const saveQuizSettings = useCallback(
    (id: number, settings: QuizSettings | QuizDraft, version?: number) =>
      run(material.quizsettings, { id, ...settings, version }, { invalidates: MATERIAL_CHANGES }),
    [run],
  );
  return { save, saveQuizSettings };
}
