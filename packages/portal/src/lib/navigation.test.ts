import { emptyPermissions, fullPermissions, ROLE_IDS, type Profile } from "@lms/core";
import { describe, expect, it } from "vitest";
import { activeEntry, navigationFor } from "./navigation";

const profile = (roleId: number, schoolId: number | null = null): Profile => ({
  userId: 1,
  userName: "u",
  firstName: "U",
  roleId,
  schoolId,
  children: [],
});

describe("side menu by role (SPEC.md §2)", () => {
  it("gives lsg a single Schools entry", () => {
    // lsg reads roles but may not change them: no audit log (issue 13).
    const lsg = fullPermissions();
    lsg.roles = { access: true, add: false, view: true, modify: false };
    const entries = navigationFor(profile(ROLE_IDS.lsg), lsg);
    expect(entries.map((e) => [e.label, e.href])).toEqual([["nav.schools", "/schools"]]);
  });

  it("sends a school admin's single Schools entry to its own school, then the audit log", () => {
    const entries = navigationFor(profile(ROLE_IDS.schoolAdmin, 4), fullPermissions());
    expect(entries.map((e) => [e.label, e.href])).toEqual([
      ["nav.schools", "/schools/4"],
      ["nav.auditLog", "/audit-log"],
    ]);
  });

  it("shows the audit log to global admins and school admins only (issue 13)", () => {
    const schoolAdmin = emptyPermissions();
    schoolAdmin.users = { access: true, add: true, view: true, modify: false };
    const labels = (roleId: number, schoolId: number | null, permissions = fullPermissions()) =>
      navigationFor(profile(roleId, schoolId), permissions).map((e) => e.label);
    expect(labels(ROLE_IDS.rexAdmin, null)).toContain("nav.auditLog");
    expect(labels(ROLE_IDS.schoolAdmin, 4, schoolAdmin)).not.toContain("nav.auditLog");
    expect(labels(ROLE_IDS.teacher, 4, emptyPermissions())).not.toContain("nav.auditLog");
  });

  it("shows other roles the entries their permissions give access to", () => {
    const all = navigationFor(profile(ROLE_IDS.admin), fullPermissions()).map((e) => e.label);
    expect(all).toEqual([
      "nav.schoolManagement",
      "nav.createSchool",
      "nav.userManagement",
      "nav.createUser",
      "nav.rolesAndPermissions",
      "nav.courses",
      "nav.materials",
      "nav.auditLog",
    ]);
    const teacher = emptyPermissions();
    teacher.courses = { access: true, add: true, view: true, modify: true };
    expect(navigationFor(profile(ROLE_IDS.teacher, 1), teacher).map((e) => e.label)).toEqual([
      "nav.courses",
      "nav.classes",
    ]);
  });

  it("gives a student My courses and a parent the children's courses, both at /courses", () => {
    const student = emptyPermissions();
    student.courses = { access: true, add: false, view: true, modify: false };
    expect(
      navigationFor(profile(ROLE_IDS.student, 1), student).map((e) => [e.label, e.href]),
    ).toEqual([["journey.myCourses", "/courses"]]);
    const parent = emptyPermissions();
    parent.reports = { access: true, add: false, view: true, modify: false };
    expect(
      navigationFor(profile(ROLE_IDS.parent, 1), parent).map((e) => [e.label, e.href]),
    ).toEqual([["journey.childrenCourses", "/courses"]]);
    expect(navigationFor(profile(ROLE_IDS.parent, 1), emptyPermissions())).toEqual([]);
  });

  it("hides create entries from a role that may view but not add", () => {
    const viewer = emptyPermissions();
    viewer.users = { access: true, add: false, view: true, modify: false };
    expect(navigationFor(profile(ROLE_IDS.admin), viewer).map((e) => e.label)).toEqual([
      "nav.userManagement",
    ]);
  });

  it("marks the most specific entry as the current page", () => {
    const entries = navigationFor(profile(ROLE_IDS.admin), fullPermissions());
    expect(activeEntry(entries, "/users/create")?.key).toBe("users-create");
    expect(activeEntry(entries, "/users/12/edit")?.key).toBe("users");
    expect(activeEntry(entries, "/profile/details")).toBeUndefined();
  });
});
