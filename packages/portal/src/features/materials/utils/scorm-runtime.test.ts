import { describe, expect, it } from "vitest";
import {
  BRIDGE_STATE,
  frameName,
  readBridgeMessage,
  readNavMessage,
  scalarsOf,
} from "./scorm-runtime";

describe("SCORM commit map", () => {
  it("keeps the elements that carry a value and drops empty collections", () => {
    expect(
      scalarsOf({
        "cmi.core.lesson_location": "2",
        "cmi.core.score.raw": 90,
        "cmi.objectives": {},
        "cmi.interactions": {},
      }),
    ).toEqual({ "cmi.core.lesson_location": "2", "cmi.core.score.raw": 90 });
  });
});

describe("the content frame's bridge messages", () => {
  const commit = (cmi: unknown, extra: Record<string, unknown> = {}) => ({
    type: "lms-scorm-bridge",
    v: 1,
    version: "1.2",
    cmi,
    ...extra,
  });

  it("takes a commit of the launch's version as its flat map of values", () => {
    expect(
      readBridgeMessage(
        commit({
          "cmi.core.lesson_status": "incomplete",
          "cmi.interactions.0.id": "q1",
          "cmi.objectives": {},
        }),
        "1.2",
      ),
    ).toEqual({ "cmi.core.lesson_status": "incomplete", "cmi.interactions.0.id": "q1" });
  });

  it("refuses anything else: other shapes, versions, element names and oversized values", () => {
    const refused = [
      null,
      "lms-scorm-bridge",
      [commit({})],
      { ...commit({}), type: "other" },
      { ...commit({}), v: 2 },
      commit({}, { version: "2004" }),
      commit(null),
      commit(["cmi.core.lesson_status"]),
      commit({ "window.top": "x" }),
      commit({ ["cmi." + "a".repeat(300)]: "x" }),
      commit({ "cmi.suspend_data": "x".repeat(64_001) }),
      commit(Object.fromEntries(Array.from({ length: 5001 }, (_, i) => [`cmi.e${i}`, "1"]))),
    ];
    for (const data of refused) expect(readBridgeMessage(data, "1.2")).toBeNull();
  });

  it("names the frame with the state its runtime starts from", () => {
    const name = frameName({
      version: "2004",
      launchUrl: "http://content.test/content/c/1/index.html",
      cmi: { "cmi.location": "slide-2", "cmi.entry": "resume" },
      session: 1,
      attempt: 1,
      attemptsAllowed: 0,
      attemptsLeft: null,
      review: false,
      canStartNew: false,
      sco: null,
    });
    expect(JSON.parse(name)).toEqual({
      [BRIDGE_STATE]: {
        version: "2004",
        cmi: { "cmi.location": "slide-2", "cmi.entry": "resume" },
      },
    });
  });

  it("tells a SCO of several which navigation requests are valid", () => {
    const entry = (id: string, launchable = true) => ({
      id,
      title: id,
      depth: 0,
      launchable,
      state: "notStarted" as const,
      success: null,
    });
    const launch = (sco: string) => ({
      version: "2004" as const,
      launchUrl: "http://content.test/x.html",
      cmi: {},
      session: 1,
      attempt: 1,
      attemptsAllowed: 0,
      attemptsLeft: null,
      review: false,
      canStartNew: false,
      sco,
      toc: [entry("module", false), entry("one"), entry("two"), entry("three")],
    });
    const navOf = (sco: string) => JSON.parse(frameName(launch(sco)))[BRIDGE_STATE].nav;
    expect(navOf("one")).toEqual({
      continue: true,
      previous: false,
      scos: ["one", "two", "three"],
    });
    expect(navOf("two")).toMatchObject({ continue: true, previous: true });
    expect(navOf("three")).toMatchObject({ continue: false, previous: true });
  });

  it("reads the navigation request a SCO made at Terminate, and nothing else", () => {
    const nav = (request: unknown, version = "2004") => ({
      type: "lms-scorm-bridge",
      v: 1,
      version,
      nav: request,
    });
    expect(readNavMessage(nav("continue"), "2004")).toEqual({ type: "continue" });
    expect(readNavMessage(nav("suspendAll"), "2004")).toEqual({ type: "suspendAll" });
    expect(readNavMessage(nav("{target=sco-2}choice"), "2004")).toEqual({
      type: "choice",
      target: "sco-2",
    });
    for (const refused of ["_none_", "abandon", "{target=x}jump", "choice", 3]) {
      expect(readNavMessage(nav(refused), "2004")).toBeNull();
    }
    expect(readNavMessage(nav("continue", "1.2"), "2004")).toBeNull();
    expect(
      readNavMessage({ type: "other", v: 1, version: "2004", nav: "exit" }, "2004"),
    ).toBeNull();
  });
});
