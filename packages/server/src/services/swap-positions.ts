import { ApiError, invalidField } from "../lib/errors";

interface Sent {
  swap_from: { id: number; position: number };
  swap_to: { id: number; position: number };
}

/**
 * A swap names the positions its caller saw (issue 45): a position none of the siblings holds is a
 * wrong request (422 on its field); one that another has taken since is a stale view (409 with
 * the positions stored), and nothing moves, so two swaps from stale views cannot undo each other.
 */
export function checkSwapPositions(
  sent: Sent,
  stored: { from: number; to: number },
  held: readonly number[],
): void {
  for (const field of ["swap_from", "swap_to"] as const) {
    if (!held.includes(sent[field].position)) throw invalidField(field, "validation.invalidValue");
  }
  if (sent.swap_from.position !== stored.from || sent.swap_to.position !== stored.to) {
    throw new ApiError(409, "errors.staleRecord", {
      data: {
        swap_from: { id: sent.swap_from.id, position: stored.from },
        swap_to: { id: sent.swap_to.id, position: stored.to },
      },
    });
  }
}
