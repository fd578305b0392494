import type { ApiResult, MessageKey } from "@lms/core";
import type { DataTableRowAction } from "@lms/ui";
import { useMemo } from "react";
import { useConfirmedAction } from "./confirmed-action";
import { useT } from "./i18n";

type Switch = Record<"title" | "message" | "label", MessageKey>;

/** The texts of a record's on/off switch, by kind: the state it goes to picks one side. */
const SWITCHES: Record<"enable" | "publish", { on: Switch; off: Switch }> = {
  enable: {
    on: { title: "confirm.statusTitle", message: "confirm.enableMessage", label: "common.enable" },
    off: {
      title: "confirm.statusTitle",
      message: "confirm.disableMessage",
      label: "common.disable",
    },
  },
  publish: {
    on: {
      title: "confirm.publishTitle",
      message: "confirm.publishMessage",
      label: "common.publish",
    },
    off: {
      title: "confirm.unpublishTitle",
      message: "confirm.unpublishMessage",
      label: "common.unpublish",
    },
  },
};

interface RowCommand {
  /** The record's name in the confirmation. */
  name: string;
  run: () => Promise<ApiResult<unknown>>;
  success: string;
}

/**
 * The row actions every list shares (SPEC.md §4: each asks first, then says how it went):
 * switching a record on or off (enable/disable, publish/unpublish). Deleting is
 * features/trash's useDeleteRowAction, which says what goes with the record.
 */
export function useRowActions() {
  const t = useT();
  const confirmed = useConfirmedAction();
  return useMemo(
    () => ({
      /** The entry that turns the record `on` (true) or off, with that direction's texts. */
      toggle(kind: keyof typeof SWITCHES, on: boolean, command: RowCommand): DataTableRowAction {
        const texts = SWITCHES[kind][on ? "on" : "off"];
        return {
          label: t(texts.label),
          onSelect: () =>
            void confirmed({
              title: t(texts.title),
              message: t(texts.message, { name: command.name }),
              confirmLabel: t(texts.label),
              tone: on ? "default" : "destructive",
              run: command.run,
              success: command.success,
            }),
        };
      },
    }),
    [t, confirmed],
  );
}
