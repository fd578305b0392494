import { createIntl, type ApiResult, type DeletionImpact } from "@lms/core";
import type { ConfirmOptions } from "@lms/ui";
import { describe, expect, it, vi } from "vitest";
import { confirmDelete, type DeleteCommand, type DeleteFlow } from "./use-confirmed-delete";

const school: DeletionImpact = {
  id: 7,
  label: "Rizal National High School",
  code: "RNHS",
  requiresCode: true,
  counts: { users: 412, courses: 37, progress: 900 },
};

/** A flow whose dialog is confirmed (running its work) or not, and which records what it shows. */
function flow(impacts: ApiResult<DeletionImpact>[], confirmAnswers: boolean[] = [true, true]) {
  const asked: ConfirmOptions[] = [];
  const notes: string[] = [];
  const f: DeleteFlow = {
    readImpact: vi.fn(async () => impacts.shift()!),
    confirm: async (options) => {
      asked.push(options);
      const yes = confirmAnswers.shift() ?? false;
      if (yes) await options.onConfirm?.();
      return yes;
    },
    i18n: createIntl("es"),
    notify: {
      success: (text) => notes.push(`ok: ${text}`),
      error: (text) => notes.push(`error: ${text}`),
    },
  };
  return { f, asked, notes };
}

const ok = (data: DeletionImpact): ApiResult<DeletionImpact> => ({ ok: true, status: 200, data });

function command(
  ...answers: ApiResult<unknown>[]
): DeleteCommand & { run: ReturnType<typeof vi.fn> } {
  return {
    path: "/school/",
    id: 7,
    run: vi.fn(async () => answers.shift()!),
    success: "School has been deleted.",
  };
}

describe("confirmDelete", () => {
  it("says what goes, asks for the code and sends it", async () => {
    const { f, asked, notes } = flow([ok(school)]);
    const cmd = command({ ok: true, status: 200, data: { binIds: [1] } });
    await expect(confirmDelete(f, cmd)).resolves.toBe(true);
    expect(asked[0]!.message).toBe(
      "Rizal National High School, 412 users, 37 courses and their progress will be moved to the recycle bin.",
    );
    expect(asked[0]!.confirmText).toEqual({ value: "RNHS", label: "Type RNHS to confirm" });
    expect(asked[0]!.tone).toBe("destructive");
    expect(cmd.run).toHaveBeenCalledWith("RNHS");
    expect(notes).toEqual(["ok: School has been deleted."]);
  });

  it("asks no code of a record that needs none, and deletes nothing when cancelled", async () => {
    const { f, asked, notes } = flow([ok({ ...school, requiresCode: false, counts: {} })], [false]);
    const cmd = command();
    await expect(confirmDelete(f, cmd)).resolves.toBe(false);
    expect(asked[0]!.confirmText).toBeUndefined();
    expect(cmd.run).not.toHaveBeenCalled();
    expect(notes).toEqual([]);
  });

  it("says a large course's deletion started when the server answers 202", async () => {
    const { f, notes } = flow([ok({ ...school, requiresCode: false })]);
    await confirmDelete(f, command({ ok: true, status: 202, data: null }));
    expect(notes).toEqual(["ok: Course deletion started. It will be in the recycle bin shortly."]);
  });

  it("shows the code mismatch and asks again with the new counts", async () => {
    const before = { ...school, requiresCode: false, counts: {} };
    const { f, asked, notes } = flow([ok(before), ok(school)]);
    const cmd = command(
      { ok: false, status: 409, code: "errors.confirmCodeMismatch", message: "x" },
      { ok: true, status: 200, data: {} },
    );
    await expect(confirmDelete(f, cmd)).resolves.toBe(true);
    expect(asked).toHaveLength(2);
    expect(asked[1]!.confirmText?.value).toBe("RNHS");
    expect(cmd.run.mock.calls).toEqual([[undefined], ["RNHS"]]);
    expect(notes).toEqual([
      "error: Type the code to confirm the deletion.",
      "ok: School has been deleted.",
    ]);
  });

  it("shows SPEC.md's text when the course is being deleted by another request", async () => {
    const { f, asked, notes } = flow([
      {
        ok: false,
        status: 409,
        code: "errors.courseDeletionInProgress",
        message: "Course deletion in progress.",
      },
    ]);
    await expect(confirmDelete(f, command())).resolves.toBe(false);
    expect(asked).toEqual([]);
    expect(notes).toEqual([
      "error: Course deletion in progress. Kindly reload the page first before performing other tasks.",
    ]);
  });
});
