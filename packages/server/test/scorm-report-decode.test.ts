import { describe, expect, it } from "vitest";
import {
  attemptScore,
  attemptStatus,
  decodeInteractions,
  decodeObjectives,
  intervalSeconds,
  withScoRecords,
} from "../src/lib/scorm-report";

const SCORM_2004 = {
  "cmi.completion_status": "completed",
  "cmi.success_status": "failed",
  "cmi.score.scaled": "0.456",
  "cmi.score.raw": "9",
  "cmi.interactions.1.id": "q2",
  "cmi.interactions.1.type": "fill-in",
  "cmi.interactions.1.learner_response": "mitochondria",
  "cmi.interactions.1.correct_responses.0.pattern": "nucleus",
  "cmi.interactions.1.result": "incorrect",
  "cmi.interactions.1.latency": "PT1M2.5S",
  "cmi.interactions.1.timestamp": "2026-11-25T09:01:00",
  "cmi.interactions.0.id": "q1",
  "cmi.interactions.0.type": "choice",
  "cmi.interactions.0.description": "Which organelle makes energy?",
  "cmi.interactions.0.learner_response": "b",
  "cmi.interactions.0.correct_responses.10.pattern": "c",
  "cmi.interactions.0.correct_responses.2.pattern": "b",
  "cmi.interactions.0.result": "correct",
  "cmi.interactions.0.latency": "PT12S",
  "cmi.interactions.0.weighting": "2",
  "cmi.interactions.0.objectives.0.id": "obj-cells",
  "cmi.interactions.0.timestamp": "2026-11-25T09:00:00",
  "cmi.objectives.0.id": "obj-cells",
  "cmi.objectives.0.success_status": "passed",
  "cmi.objectives.0.completion_status": "completed",
  "cmi.objectives.0.score.scaled": "0.8",
  "cmi.objectives.0.description": "Cells",
  "cmi.objectives.1.id": "obj-energy",
};

const SCORM_12 = {
  "cmi.core.lesson_status": "passed",
  "cmi.core.score.raw": "72.6",
  "cmi.interactions.0.id": "tf1",
  "cmi.interactions.0.type": "true-false",
  "cmi.interactions.0.student_response": "t",
  "cmi.interactions.0.correct_responses.0.pattern": "f",
  "cmi.interactions.0.result": "wrong",
  "cmi.interactions.0.latency": "0000:00:07.5",
  "cmi.interactions.0.time": "09:15:02",
  "cmi.objectives.0.id": "unit1",
  "cmi.objectives.0.status": "failed",
  "cmi.objectives.0.score.raw": "40",
  "cmi.objectives.0.score.max": "100",
};

describe("SCORM attempt decoding", () => {
  it("reads a 2004 attempt's statuses and scaled score", () => {
    expect(attemptStatus(SCORM_2004)).toEqual({
      completionStatus: "completed",
      successStatus: "failed",
    });
    expect(attemptScore(SCORM_2004)).toBe(46);
  });

  it("reads 1.2's lesson status as completion and success, and its raw score", () => {
    expect(attemptStatus(SCORM_12)).toEqual({
      completionStatus: "completed",
      successStatus: "passed",
    });
    expect(attemptStatus({ "cmi.core.lesson_status": "incomplete" })).toEqual({
      completionStatus: "incomplete",
      successStatus: "unknown",
    });
    expect(attemptStatus({})).toEqual({ completionStatus: "unknown", successStatus: "unknown" });
    expect(attemptScore(SCORM_12)).toBe(73);
    expect(attemptScore({})).toBeNull();
  });

  it("decodes 2004 interactions in index order with every field", () => {
    expect(decodeInteractions(SCORM_2004)).toEqual([
      {
        index: 0,
        id: "q1",
        type: "choice",
        description: "Which organelle makes energy?",
        learnerResponse: "b",
        correctResponses: ["b", "c"],
        result: "correct",
        latencySeconds: 12,
        timestamp: "2026-11-25T09:00:00",
        weighting: "2",
        objectives: ["obj-cells"],
      },
      {
        index: 1,
        id: "q2",
        type: "fill-in",
        description: "",
        learnerResponse: "mitochondria",
        correctResponses: ["nucleus"],
        result: "incorrect",
        latencySeconds: 62.5,
        timestamp: "2026-11-25T09:01:00",
        weighting: "",
        objectives: [],
      },
    ]);
  });

  it("decodes 1.2 interactions by their 1.2 names (student_response, time, wrong)", () => {
    expect(decodeInteractions(SCORM_12)).toEqual([
      {
        index: 0,
        id: "tf1",
        type: "true-false",
        description: "",
        learnerResponse: "t",
        correctResponses: ["f"],
        result: "incorrect",
        latencySeconds: 7.5,
        timestamp: "09:15:02",
        weighting: "",
        objectives: [],
      },
    ]);
  });

  it("decodes objectives of both versions", () => {
    expect(decodeObjectives(SCORM_2004)).toEqual([
      {
        index: 0,
        id: "obj-cells",
        description: "Cells",
        successStatus: "passed",
        completionStatus: "completed",
        score: 80,
        scoreRaw: "",
        scoreMin: "",
        scoreMax: "",
      },
      {
        index: 1,
        id: "obj-energy",
        description: "",
        successStatus: "unknown",
        completionStatus: "unknown",
        score: null,
        scoreRaw: "",
        scoreMin: "",
        scoreMax: "",
      },
    ]);
    expect(decodeObjectives(SCORM_12)).toEqual([
      {
        index: 0,
        id: "unit1",
        description: "",
        successStatus: "failed",
        completionStatus: "completed",
        score: 40,
        scoreRaw: "40",
        scoreMin: "",
        scoreMax: "100",
      },
    ]);
  });

  it("reads both versions' time intervals and refuses anything else", () => {
    expect(intervalSeconds("PT1H2M3S")).toBe(3723);
    expect(intervalSeconds("P1DT0.25S")).toBe(86400.25);
    expect(intervalSeconds("0001:00:01.25")).toBe(3601.25);
    expect(intervalSeconds("P")).toBeNull();
    expect(intervalSeconds("PT")).toBeNull();
    expect(intervalSeconds("12 seconds")).toBeNull();
    expect(intervalSeconds(undefined)).toBeNull();
  });
});

describe("withScoRecords (a package with several SCOs)", () => {
  it("appends each SCO's interactions and objectives after the attempt's own, renumbered and named by SCO", () => {
    const merged = withScoRecords({ "cmi.completion_status": "completed" }, [
      {
        sco: "intro",
        cmi: { "cmi.objectives.0.id": "read", "cmi.objectives.0.success_status": "passed" },
      },
      {
        sco: "quiz",
        cmi: {
          "cmi.interactions.0.id": "q1",
          "cmi.interactions.0.learner_response": "a",
          "cmi.interactions.1.id": "q2",
          "cmi.interactions.1.correct_responses.0.pattern": "c",
          "cmi.objectives.0.id": "pass",
        },
      },
    ]);
    expect(decodeInteractions(merged).map((i) => [i.index, i.id])).toEqual([
      [0, "quiz/q1"],
      [1, "quiz/q2"],
    ]);
    expect(decodeInteractions(merged)[1]!.correctResponses).toEqual(["c"]);
    expect(decodeObjectives(merged).map((o) => o.id)).toEqual(["intro/read", "quiz/pass"]);
    expect(merged["cmi.completion_status"]).toBe("completed");
  });

  it("leaves a single SCO's record as it is", () => {
    const cmi = { "cmi.interactions.0.id": "q1" };
    expect(withScoRecords(cmi, [])).toBe(cmi);
  });
});
