import type { ApiResult } from "@lms/core";
import { toast } from "@lms/ui";
import { useCallback, useMemo, useState } from "react";
import { failureText } from "../../../lib/errors";
import { useI18n } from "../../../lib/i18n";
import { byPosition, moveId, moveSwaps, type Positioned } from "../utils/positions";

type Swap = (from: Positioned, to: Positioned, refresh: boolean) => Promise<ApiResult<unknown>>;

/**
 * Repositioning by drag and drop or by the move buttons (SPEC.md §4). The new order shows at
 * once; the swaps run one after another and only the last refreshes the list. A refused swap
 * says why and reloads the order the server has.
 */
export function useReorder<T extends Positioned>(
  items: readonly T[],
  swap: Swap,
  options: { success: string; reload: () => unknown },
) {
  const i18n = useI18n();
  const [pendingOrder, setPendingOrder] = useState<number[] | null>(null);
  const ordered = useMemo(() => {
    const sorted = byPosition(items);
    if (!pendingOrder) return sorted;
    const byId = new Map(sorted.map((item) => [item.id, item]));
    const shown = pendingOrder.flatMap((id) => byId.get(id) ?? []);
    return [...shown, ...sorted.filter((item) => !pendingOrder.includes(item.id))];
  }, [items, pendingOrder]);
  const busy = pendingOrder !== null;
  const { success, reload } = options;

  const move = useCallback(
    async (fromIndex: number, toIndex: number): Promise<boolean> => {
      if (busy) return false;
      const steps = moveSwaps(ordered, fromIndex, toIndex);
      if (steps.length === 0) return false;
      setPendingOrder(
        moveId(
          ordered.map((item) => item.id),
          fromIndex,
          toIndex,
        ),
      );
      try {
        for (const [index, step] of steps.entries()) {
          const result = await swap(step.from, step.to, index === steps.length - 1);
          if (!result.ok) {
            toast.error(failureText(result, i18n));
            await reload();
            return false;
          }
        }
        toast.success(success);
        return true;
      } finally {
        setPendingOrder(null);
      }
    },
    [busy, ordered, swap, i18n, reload, success],
  );

  return { ordered, move, busy };
}
