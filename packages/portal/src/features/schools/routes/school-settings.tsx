import type { SchoolRecord } from "@lms/core";
import { Switch } from "@lms/ui";
import { Field } from "../../../components/field";
import { useSession } from "../../../lib/api-context";
import { useConfirmedAction } from "../../../lib/confirmed-action";
import { useT } from "../../../lib/i18n";
import { useSchoolCommands } from "../api/use-schools";
import { useSchoolInView } from "../../../hooks/use-school-in-view";

function inputOf(school: SchoolRecord) {
  const {
    id: _id,
    createdAt: _c,
    createdBy: _cb,
    updatedAt: _u,
    updatedBy: _ub,
    logo: _l,
    ...input
  } = school;
  return input;
}

/** School settings: whether the school is enabled and whether students need a parent account. */
export default function SchoolSettingsTab() {
  const t = useT();
  const school = useSchoolInView();
  const { permissions } = useSession();
  const { save, setStatus } = useSchoolCommands();
  const confirmed = useConfirmedAction();
  const readOnly = !permissions?.schools.modify;

  return (
    <section className="flex max-w-xl flex-col gap-5 rounded-card border border-border bg-surface p-6">
      <Field label={t("schools.field.enabled")} orientation="horizontal">
        <Switch
          checked={school.enabled}
          disabled={readOnly}
          onCheckedChange={(enabled) =>
            void confirmed({
              title: t("confirm.statusTitle"),
              message: t(enabled ? "confirm.enableMessage" : "confirm.disableMessage", {
                name: school.schoolName,
              }),
              confirmLabel: t(enabled ? "common.enable" : "common.disable"),
              tone: enabled ? "default" : "destructive",
              run: () => setStatus([school.id], enabled),
              success: t(enabled ? "schools.enabled" : "schools.disabled"),
            })
          }
        />
      </Field>
      <Field label={t("schools.field.requireParentAccount")} orientation="horizontal">
        <Switch
          checked={school.requireParentAccount}
          disabled={readOnly}
          onCheckedChange={(requireParentAccount) =>
            void confirmed({
              title: t("confirm.updateTitle"),
              message: t("confirm.updateMessage", { entity: t("entity.school") }),
              confirmLabel: t("common.update"),
              run: () => save({ ...inputOf(school), requireParentAccount }, { id: school.id }),
              success: t("schools.updated"),
            })
          }
        />
      </Field>
    </section>
  );
}
