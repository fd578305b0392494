import { ROLE_IDS } from "@lms/core";
import { useSession } from "../lib/api-context";

/** Who the journey screens are for: a student follows, a parent watches, staff manage. */
export function useLearnerRole(): "student" | "parent" | "staff" {
  const roleId = Number(useSession().profile?.roleId);
  if (roleId === ROLE_IDS.student) return "student";
  if (roleId === ROLE_IDS.parent) return "parent";
  return "staff";
}
