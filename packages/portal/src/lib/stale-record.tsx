import type { ApiResult, MessageKey } from "@lms/core";
import type { StaleRecordChange } from "@lms/ui";
import { StaleRecordDialog } from "@lms/ui";
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from "react";
import { isMessageKey, useI18n } from "./i18n";

export interface StaleEdit<T> {
  /** The record the form was opened with. */
  read: object;
  /** What was typed. */
  values: object;
  /** A field's label as the form shows it. */
  labelOf: (field: string) => string;
  /** The same save, sent with the version their save left. */
  saveAt: (version: number) => Promise<ApiResult<T>>;
  /** Puts their version in the form. */
  reload: (theirs: T) => void;
}

/** What the user chose when a save met a record someone else had saved (issue 45). */
export type StaleChoice = "reload" | "overwrite" | "keep";

interface StaleRequest {
  entity: string;
  changes: StaleRecordChange[];
  /** The overwrite's save; the dialog stays pending while it runs. */
  overwrite: () => Promise<unknown>;
}

type AskStale = (request: StaleRequest) => Promise<StaleChoice>;

const StaleContext = createContext<AskStale | null>(null);

/** Mount once around the signed-in pages; `useStaleRecord()` below it asks the user. */
export function StaleRecordProvider({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const [request, setRequest] = useState<StaleRequest | null>(null);
  const resolveRef = useRef<((choice: StaleChoice) => void) | null>(null);
  const ask = useCallback<AskStale>(
    (next) =>
      new Promise<StaleChoice>((resolve) => {
        resolveRef.current?.("keep");
        resolveRef.current = resolve;
        setRequest(next);
      }),
    [],
  );
  const finish = (choice: StaleChoice) => {
    resolveRef.current?.(choice);
    resolveRef.current = null;
    setRequest(null);
  };
  return (
    <StaleContext.Provider value={ask}>
      {children}
      {request ? (
        <StaleRecordDialog
          open
          title={t("stale.title", { entity: request.entity })}
          message={t("stale.message")}
          changes={request.changes}
          labels={{
            field: t("stale.field"),
            theirs: t("stale.theirs"),
            mine: t("stale.mine"),
            reload: t("stale.reload"),
            overwrite: t("stale.overwrite"),
            keepEditing: t("stale.keepEditing"),
          }}
          onReload={() => finish("reload")}
          onOverwrite={async () => {
            await request.overwrite();
            finish("overwrite");
          }}
          onKeepEditing={() => finish("keep")}
        />
      ) : null}
    </StaleContext.Provider>
  );
}

export function useStaleRecord(): AskStale | null {
  return useContext(StaleContext);
}

/** How a form's fields read for the dialog: text as typed, yes/no, lists joined. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(shown).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * The fields someone else changed between the record the form was opened with (`read`) and the
 * one a 409 answered (`theirs`), each with its label and the value typed (`mine`).
 */
export function staleChanges(
  read: object,
  theirs: object,
  mine: object,
  labelOf: (field: string) => string,
): StaleRecordChange[] {
  const before = read as Record<string, unknown>;
  const after = theirs as Record<string, unknown>;
  const typed = mine as Record<string, unknown>;
  return Object.keys(typed)
    .filter((field) => field in after && shown(before[field]) !== shown(after[field]))
    .map((field) => ({
      field,
      label: labelOf(field),
      theirs: shown(after[field]),
      mine: shown(typed[field]),
    }));
}

/**
 * A form's field labels from its catalogue group: `schools.field.city`, `users.field.role` for
 * roleId; the field's own name when the catalogue has none.
 */
export function fieldLabels(t: (key: MessageKey) => string, group: string) {
  return (field: string): string => {
    for (const name of [field, field.replace(/Id$/, "")]) {
      const key = `${group}.${name}`;
      if (isMessageKey(key)) return t(key);
    }
    return field;
  };
}

/**
 * The record as an edit form last loaded it (issue 45): its version goes with the save, and
 * `staleEdit` gives a save's stale-record choice what the form was opened with and how to put
 * their version in the form (`toForm` turns a record into the form's values). Undefined when the
 * form creates a record.
 */
export function useOpenedRecord<R extends object, V extends object>(
  record: R | undefined,
  toForm: (record: R) => V,
  reset: (values: V) => void,
  fieldGroup: string,
) {
  const { t } = useI18n();
  const [opened, setOpened] = useState(record);
  const staleEdit = (
    values: object,
    saveAt: (version: number) => Promise<ApiResult<R>>,
  ): StaleEdit<R> | undefined =>
    opened && {
      read: toForm(opened),
      values,
      labelOf: fieldLabels(t, fieldGroup),
      saveAt,
      reload: (theirs) => {
        setOpened(theirs);
        reset(toForm(theirs));
      },
    };
  return { opened, staleEdit };
}
