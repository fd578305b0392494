import { COMMANDS, AUDIT_ACTIONS, AUDIT_MODULES, SEARCH_DEBOUNCE_MS } from "@lms/core";
import { DataTable, PageHeader, TextField } from "@lms/ui";
import { useEffect, useId, useMemo, useState } from "react";
import { ExportButton } from "../../../components/export-button";
import { useI18n } from "../../../lib/i18n";
import { toListParams, useListState } from "../../../lib/list-state";
import { useTableLabels } from "../../../lib/table-labels";
import { useAuditLog } from "../api/use-audit";
import { auditColumns, auditLabel } from "../components/audit-columns";

/** A day picked in the browser as the time it starts (or ends) there, for the server. */
function dayBound(day: string, end: boolean): string | undefined {
  if (!day) return undefined;
  const time = new Date(`${day}T${end ? "23:59:59.999" : "00:00:00"}`);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
}

/** /audit-log: who changed what, when and from where (issue 13). */
export default function AuditLogPage() {
  const { t, intl } = useI18n();
  const labels = useTableLabels();
  const [state, setState] = useListState("audit", { sortBy: "at", sortOrder: "desc" });
  const [actorInput, setActorInput] = useState("");
  const [actor, setActor] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const ids = { actor: useId(), from: useId(), to: useId() };

  // A new filter starts again on the first page.
  const firstPage = () => setState({ ...state, page: 1 });
  useEffect(() => {
    const next = actorInput.trim();
    if (next === actor) return;
    const timer = setTimeout(() => {
      setActor(next);
      setState({ ...state, page: 1 });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [actorInput, actor, state, setState]);

  const extra = useMemo(
    () => ({ actor, from: dayBound(from, false), to: dayBound(to, true) }),
    [actor, from, to],
  );
  const params = toListParams(state, extra);
  const { page, loading } = useAuditLog(params);
  const columns = useMemo(
    () =>
      auditColumns(t, (iso) => intl.formatDate(iso, { dateStyle: "medium", timeStyle: "medium" })),
    [t, intl],
  );
  const filters = useMemo(
    () => [
      {
        key: "module",
        label: t("audit.field.module"),
        options: AUDIT_MODULES.map((m) => ({ value: m, label: auditLabel(t, "module", m) })),
      },
      {
        key: "action",
        label: t("audit.field.action"),
        options: AUDIT_ACTIONS.map((a) => ({ value: a, label: auditLabel(t, "action", a) })),
      },
    ],
    [t],
  );

  return (
    <div className="flex flex-col gap-6 p-6">
      <PageHeader
        title={t("audit.title")}
        description={t("audit.subtitle")}
        actions={<ExportButton command={COMMANDS.audit.export} params={params} />}
      />
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm" htmlFor={ids.actor}>
          {t("audit.filter.user")}
          <TextField
            id={ids.actor}
            type="search"
            className="w-56"
            value={actorInput}
            placeholder={t("audit.filter.userPlaceholder")}
            onChange={(event) => setActorInput(event.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm" htmlFor={ids.from}>
          {t("audit.filter.from")}
          <TextField
            id={ids.from}
            type="date"
            className="w-44"
            value={from}
            max={to || undefined}
            onChange={(event) => {
              setFrom(event.target.value);
              firstPage();
            }}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm" htmlFor={ids.to}>
          {t("audit.filter.to")}
          <TextField
            id={ids.to}
            type="date"
            className="w-44"
            value={to}
            min={from || undefined}
            onChange={(event) => {
              setTo(event.target.value);
              firstPage();
            }}
          />
        </label>
      </div>
      <DataTable
        caption={t("audit.title")}
        columns={columns}
        data={page?.rows ?? []}
        totalCount={page?.totalCount ?? 0}
        loading={loading}
        state={state}
        onStateChange={setState}
        labels={labels}
        getRowLabel={(row) => `${row.actorName} ${row.action} ${row.recordLabel}`}
        filters={filters}
      />
    </div>
  );
}
