import { describe, expect, it } from "vitest";
import {
  CHUNK_LOAD_TIMEOUT_MS,
  DEFAULT_LANG,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT_ORDER,
  IMAGE_LIMITS,
  LANGUAGE_LABELS,
  LANGUAGES,
  LAYOUT,
  PAGE_SIZES,
  PASSWORD_LIMITS,
  REGISTERED,
  ROLE_IDS,
  ROLE_NAMES,
  SEARCH_DEBOUNCE_MS,
  SENIOR_HIGH_GRADES,
  SESSION_STORAGE_KEY,
  SILENT_SIGN_IN,
  STRENGTH,
  USER_STATUS,
  USER_STATUS_INVERTED_DISPLAY,
  statusFromInvertedDisplay,
} from "../src/index";

describe("constants of SPEC.md §3", () => {
  it("fixes the role ids and names", () => {
    expect(ROLE_IDS).toEqual({
      admin: 1,
      teacher: 3,
      student: 5,
      parent: 9,
      schoolAdmin: 10,
      lsg: 11,
      rexAdmin: 12,
    });
    expect(ROLE_NAMES).toEqual({
      1: "admin",
      3: "teacher",
      5: "student",
      9: "parent",
      10: "school admin",
      11: "lsg",
      12: "rex admin",
    });
  });

  it("names senior high grades 11 and 12", () => {
    expect(SENIOR_HIGH_GRADES).toEqual([11, 12]);
  });

  it("keeps both readings of user status, the wire one being 0 active and 1 inactive", () => {
    expect(USER_STATUS).toEqual({ active: 0, inactive: 1 });
    expect(USER_STATUS_INVERTED_DISPLAY).toEqual({ inactive: 0, active: 1 });
    expect(statusFromInvertedDisplay(1)).toBe(USER_STATUS.active);
    expect(statusFromInvertedDisplay(0)).toBe(USER_STATUS.inactive);
  });

  it("registers yes as 1 and no as 0", () => {
    expect(REGISTERED).toEqual({ yes: 1, no: 0 });
  });

  it("persists the session under 'auth'", () => {
    expect(SESSION_STORAGE_KEY).toBe("auth");
  });
});

describe("constants of SPEC.md §9", () => {
  it("limits passwords to 8..128 characters with at least 3 criteria", () => {
    expect(PASSWORD_LIMITS).toMatchObject({ minLength: 8, maxLength: 128, minCriteria: 3 });
  });

  it("limits images to one jpeg or png of 2 MB", () => {
    expect(IMAGE_LIMITS.maxBytes).toBe(2 * 1024 * 1024);
    expect(IMAGE_LIMITS.mimeTypes).toEqual(["image/jpeg", "image/png"]);
    expect(IMAGE_LIMITS.extensions).toEqual(["jpeg", "jpg", "png"]);
    expect(IMAGE_LIMITS.maxFiles).toBe(1);
  });

  it("pages tables by 10, 25 or 50 (10 by default), debounces search 600 ms, sorts descending", () => {
    expect(PAGE_SIZES).toEqual([10, 25, 50]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(SEARCH_DEBOUNCE_MS).toBe(600);
    expect(DEFAULT_SORT_ORDER).toBe("desc");
  });

  it("signs in to the class service silently in 2 attempts 1 second apart, about 2 seconds", () => {
    expect(SILENT_SIGN_IN).toEqual({ attempts: 2, intervalMs: 1000, hiddenFrameMs: 2000 });
  });

  it("times chunk loads out after 120000 ms", () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
  });

  it("lays out a 200 drawer, a 700 breakpoint, a 370 px confirm, 5 skeleton rows, a 2px bar", () => {
    expect(LAYOUT).toEqual({
      drawerWidth: 200,
      mobileBreakpoint: 700,
      confirmDialogWidth: 370,
      skeletonRows: 5,
      loadingBarHeight: 2,
    });
  });

  it("scores strength out of 6: yellow from 4, green at 6", () => {
    expect(STRENGTH).toEqual({ total: 6, yellowFrom: 4, greenAt: 6 });
  });

  it("speaks es (labelled English), zh and tg, es by default", () => {
    expect(LANGUAGES).toEqual(["es", "zh", "tg"]);
    expect(DEFAULT_LANG).toBe("es");
    expect(LANGUAGE_LABELS.es).toBe("English");
  });
});
