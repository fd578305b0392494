import { PERMISSION_MODULES, emptyPermissions, fullPermissions, type RoleRecord } from "@lms/core";
import { describe, expect, it } from "vitest";
import {
  grantedCount,
  moduleKeysFrom,
  roleCommandFields,
  roleFormDefaults,
  roleIdFrom,
  toPermissions,
  visibleTimestamps,
} from "./permissions";

describe("a role's permission matrix", () => {
  it("fills every module and right, granting only what is true", () => {
    const permissions = toPermissions({
      courses: { access: true, view: true, modify: "yes" },
      unknown: { access: true },
    });
    expect(Object.keys(permissions)).toEqual([...PERMISSION_MODULES]);
    expect(permissions.courses).toEqual({ access: true, add: false, view: true, modify: false });
    expect(permissions.schools).toEqual({ access: false, add: false, view: false, modify: false });
    expect(permissions).not.toHaveProperty("unknown");
  });

  it("reads the JSON text the wire carries and treats bad text as no rights", () => {
    expect(toPermissions(JSON.stringify(fullPermissions()))).toEqual(fullPermissions());
    expect(toPermissions("{not json")).toEqual(emptyPermissions());
    expect(toPermissions(null)).toEqual(emptyPermissions());
  });

  it("counts the granted rights", () => {
    expect(grantedCount(emptyPermissions())).toEqual({ granted: 0, total: 24 });
    expect(grantedCount(fullPermissions())).toEqual({ granted: 24, total: 24 });
  });
});

describe("the modules the server lists", () => {
  it("keeps the server's order and only the modules the portal knows", () => {
    expect(moduleKeysFrom(["users", "schools", "billing", "users"])).toEqual(["users", "schools"]);
    expect(moduleKeysFrom([{ key: "roles" }, { module: "courses" }, { name: "reports" }])).toEqual([
      "roles",
      "courses",
      "reports",
    ]);
    expect(moduleKeysFrom({ modules: ["materials"] })).toEqual(["materials"]);
    expect(
      moduleKeysFrom({
        modules: [
          { module: "schools", labelKey: "roles.module.schools" },
          { module: "users", labelKey: "roles.module.users" },
        ],
        rights: [{ right: "access", labelKey: "roles.right.access" }],
      }),
    ).toEqual(["schools", "users"]);
  });

  it("shows every module when the answer is missing or names nothing known", () => {
    expect(moduleKeysFrom(undefined)).toEqual([...PERMISSION_MODULES]);
    expect(moduleKeysFrom({})).toEqual([...PERMISSION_MODULES]);
    expect(moduleKeysFrom(["billing"])).toEqual([...PERMISSION_MODULES]);
  });
});

const role: RoleRecord = {
  id: 7,
  roleName: "Librarian",
  description: "Looks after materials",
  enabled: false,
  builtIn: false,
  permissions: toPermissions({ materials: { access: true, view: true } }),
  version: 3,
  createdAt: "2024-06-01T08:00:00.000Z",
  createdBy: "admin",
  updatedAt: "2024-06-02T08:00:00.000Z",
  updatedBy: "",
};

describe("the role form", () => {
  it("starts a new role enabled with no rights", () => {
    expect(roleFormDefaults()).toEqual({
      roleName: "",
      description: "",
      enabled: true,
      permissions: emptyPermissions(),
    });
  });

  it("starts from the role being edited", () => {
    expect(roleFormDefaults(role)).toMatchObject({ roleName: "Librarian", enabled: false });
    expect(roleFormDefaults(role).permissions.materials.view).toBe(true);
  });

  it("sends the permissions as JSON text, with the id only when updating", () => {
    const values = roleFormDefaults(role);
    const created = roleCommandFields(values);
    expect(created).not.toHaveProperty("id");
    expect(JSON.parse(created.permissions)).toEqual(role.permissions);
    expect(roleCommandFields(values, 7)).toMatchObject({ id: 7, roleName: "Librarian" });
  });
});

describe("timestamps (SPEC.md §3)", () => {
  it("hides the updated part when updatedBy is empty or null", () => {
    expect(visibleTimestamps(role).updated).toBeNull();
    expect(visibleTimestamps({ ...role, updatedBy: null }).updated).toBeNull();
    expect(visibleTimestamps({ ...role, updatedBy: "  " }).updated).toBeNull();
  });

  it("shows both parts when the record was updated by someone", () => {
    expect(visibleTimestamps({ ...role, updatedBy: "principal" })).toEqual({
      created: { at: role.createdAt, by: "admin" },
      updated: { at: role.updatedAt, by: "principal" },
    });
  });
});

describe("the role id in a route", () => {
  it("accepts positive whole numbers only", () => {
    expect(roleIdFrom("12")).toBe(12);
    expect(roleIdFrom("create")).toBeNull();
    expect(roleIdFrom("0")).toBeNull();
    expect(roleIdFrom("1e3")).toBeNull();
    expect(roleIdFrom("99999999999999999999")).toBeNull();
    expect(roleIdFrom(undefined)).toBeNull();
  });
});
