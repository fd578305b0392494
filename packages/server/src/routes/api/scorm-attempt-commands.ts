import { CONTRACT } from "@lms/core";
import { implement } from "../../dispatch/commands";
import { scormStudentTarget } from "../../services/scorm-attempts";
import { by } from "../../services/caller";

type Target = Awaited<ReturnType<typeof scormStudentTarget>>;

/** The audit record's subject: the material (its snapshot) and, in its changes, the student. */
const studentNote = ({ material, student }: Target) => ({
  recordIds: [material.id],
  changes: {
    student: `${student.lastName}, ${student.firstName} (${student.userName})`,
    userId: student.id,
  },
});

/**
 * A teacher's actions on a student's SCORM attempts, from the Progress tab (issue 15), for whoever
 * may change courses, on a student within the caller's authority (the `userId` target) and
 * progress scope (services/scorm-attempts.ts).
 * Both are recorded in the audit trail under the material.
 */
export const scormAttemptCommands = {
  /** Deletes every attempt of the student at the material; the material is no longer complete. */
  scormreset: implement(CONTRACT.material.scormreset, {
    target: { user: "userId", act: "act" },
    async handler({ app, caller, input, audit }) {
      const target = await scormStudentTarget(app, caller, input.id, input.userId);
      const deleted = await app.repos.transaction((tx) =>
        app.repos.scormAttempts.reset(tx, target.student.id, target.material.id, by(caller)),
      );
      Object.assign(audit, studentNote(target));
      audit.changes = { ...audit.changes, deleted };
      return { message: "scorm.attemptsReset", data: { deleted } };
    },
  }),

  /** Marks the material complete for the student, whatever its package reported. */
  scormcomplete: implement(CONTRACT.material.scormcomplete, {
    target: { user: "userId", act: "act" },
    async handler({ app, caller, input, audit }) {
      const target = await scormStudentTarget(app, caller, input.id, input.userId);
      await app.repos.transaction((tx) =>
        app.repos.progress.recordComplete(tx, target.student.id, target.material, by(caller)),
      );
      Object.assign(audit, studentNote(target));
      return { message: "scorm.markedComplete" };
    },
  }),
};
