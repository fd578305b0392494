import type { ClassRecord } from "@lms/core";
import {
  ConfirmDialog,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  toast,
} from "@lms/ui";
import { useRef, useState } from "react";
import { Field } from "../../../components/field";
import { failureText } from "../../../lib/errors";
import { useI18n } from "../../../lib/i18n";
import { useClassCommands, useSiblingClasses } from "../api/use-classes";

/**
 * Moving chosen students of a class to another section of its grade and school year: the dialog
 * asks for the section and confirms in one step; both classes refresh after the move.
 */
export function MoveStudentsDialog({
  record,
  studentIds,
  open,
  onOpenChange,
  onMoved,
}: {
  record: ClassRecord;
  studentIds: number[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onMoved: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const { move } = useClassCommands();
  const siblings = useSiblingClasses(open ? record : undefined);
  const sections = (siblings.page?.rows ?? [])
    .filter((row) => row.id !== record.id)
    .map((row) => row.section);
  const [section, setSection] = useState("");
  const [error, setError] = useState<string | undefined>();
  // A confirm without a section keeps the dialog open to show the field's error.
  const keepOpen = useRef(false);
  const count = studentIds.length;

  const close = (next: boolean) => {
    if (!next && keepOpen.current) {
      keepOpen.current = false;
      return;
    }
    if (!next) {
      setSection("");
      setError(undefined);
    }
    onOpenChange(next);
  };

  const confirm = async () => {
    if (!section) {
      keepOpen.current = true;
      setError("validation.required");
      return;
    }
    const result = await move(record.id, studentIds, section);
    if (!result.ok) {
      toast.error(failureText(result, i18n));
      return;
    }
    toast.success(t("classes.moved", { count: result.data.count }));
    onMoved();
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={close}
      title={t("classes.moveTitle")}
      message={
        section
          ? t("classes.moveConfirm", { count, section })
          : t("classes.moveHint", {
              grade: record.grade,
              from: record.schoolYearFrom,
              to: record.schoolYearTo,
            })
      }
      confirmLabel={t("classes.moveStudents")}
      cancelLabel={t("common.cancel")}
      width={420}
      onConfirm={confirm}
    >
      <Field label={t("classes.moveTarget")} error={error} required>
        <Select
          value={section || undefined}
          onValueChange={(value) => {
            setSection(value);
            setError(undefined);
          }}
        >
          <SelectTrigger>
            <SelectValue placeholder={t("common.selectPlaceholder")} />
          </SelectTrigger>
          <SelectContent>
            {sections.map((name) => (
              <SelectItem key={name} value={name}>
                {name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
    </ConfirmDialog>
  );
}
