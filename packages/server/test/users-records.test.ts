import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./helper";
import { PNG } from "./support/files";
import { type UserRow, newUser } from "./support/users";

const t = useTestApp();
let admin: string;
let schoolAdmin: string;

beforeAll(async () => {
  admin = await t().login("admin");
  schoolAdmin = await t().login("schooladmin");
});

describe("user records", () => {
  it("answers 409 with the conflict text for an existing user name", async () => {
    const answer = await t().call(
      "user",
      "create",
      newUser("TEACHER", { email: "other@example.edu.ph" }),
      { token: admin },
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe("Creation Unsuccessful. User already exists.");
    expect(answer.body.errors).toEqual([
      expect.objectContaining({ field: "userName", code: "users.userNameTaken" }),
    ]);
  });

  it("marks the e-mail, and only it, when the e-mail is the part that is taken", async () => {
    const teacher = await t().app.repos.users.findForLogin("teacher");
    const answer = await t().call(
      "user",
      "create",
      newUser("brand-new-name", { email: teacher!.email!.toUpperCase() }),
      { token: admin },
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe("Creation Unsuccessful. User already exists.");
    expect(answer.body.errors?.map((e) => e.field)).toEqual(["email"]);
    expect(answer.body.errors?.[0]?.message).toBe("This e-mail address is already in use.");
  });

  it("answers 422 with per-field codes for bad fields", async () => {
    const answer = await t().call("user", "create", newUser("x!", { email: "nope" }), {
      token: admin,
    });
    expect(answer.status).toBe(422);
    const fields = answer.body.errors!.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["userName", "email"]));
  });

  it("does not let a school admin create a user in another school or with a higher role", async () => {
    const other = await t().call("user", "create", newUser("sa-other", { schoolId: 2 }), {
      token: schoolAdmin,
    });
    expect(other.status).toBe(403);
    const higher = await t().call(
      "user",
      "create",
      newUser("sa-admin", { roleId: 1, schoolId: undefined }),
      { token: schoolAdmin },
    );
    expect(higher.status).toBe(403);
    const ok = await t().call("user", "create", newUser("sa-teacher"), { token: schoolAdmin });
    expect(ok.status).toBe(200);
  });

  it("does not let a school admin move a user to another school", async () => {
    const teacher = await t().call<UserRow & Record<string, unknown>>(
      "user",
      "get",
      { id: await t().userId("teacher") },
      { token: schoolAdmin },
    );
    const record = teacher.body.data!;
    const moved = await t().call(
      "user",
      "update",
      {
        ...record,
        assignedLoad: record.assignedLoad as object,
        children: [],
        parent: undefined,
        schoolId: 2,
      },
      { token: schoolAdmin },
    );
    expect(moved.status).toBe(403);
  });

  it("updates a user and records who did it", async () => {
    const id = await t().userId("sa-teacher");
    const answer = await t().call<{ title: string; updatedBy: string; updatedAt: string }>(
      "user",
      "update",
      { id, ...newUser("sa-teacher", { title: "Teacher III" }) },
      { token: schoolAdmin },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data!.title).toBe("Teacher III");
    expect(answer.body.data!.updatedBy).toBe("schooladmin");
    expect(answer.body.data!.updatedAt).toEqual(expect.any(String));
  });

  it("deactivates a user and ends its sessions, then activates it", async () => {
    const token = await t().login("student");
    const id = await t().userId("student");
    const answer = await t().call("user", "deactivate", { id }, { token: admin });
    expect(answer.body.message).toBe("User has been deactivated.");
    expect((await t().call("user", "getisloggedinstatus", {}, { token })).status).toBe(401);
    const blocked = await t().call("user", "login", {
      userName: "student",
      password: "Demo@2026!",
    });
    expect(blocked.status).toBe(403);
    await t().call("user", "activate", { id }, { token: admin });
    expect(
      (await t().call("user", "login", { userName: "student", password: "Demo@2026!" })).status,
    ).toBe(200);
  });
});

describe("own account", () => {
  it("reads and updates the profile with a photo checked by its bytes", async () => {
    const token = await t().login("teacher");
    const png = PNG;
    const profile = await t().call<Record<string, unknown>>("user", "profile", {}, { token });
    const fields = {
      firstName: "Maria",
      lastName: "Santos",
      email: "teacher@demo.school.ph",
      lang: "tg",
    };
    const svg = await t().call("user", "updateprofile", fields, {
      token,
      files: {
        photo: {
          data: "<svg xmlns='http://www.w3.org/2000/svg'/>",
          filename: "a.png",
          type: "image/png",
        },
      },
    });
    expect(svg.status).toBe(422);
    expect(svg.body.errors![0]!.code).toBe("validation.imageType");
    const big = await t().call("user", "updateprofile", fields, {
      token,
      files: {
        photo: { data: Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]), filename: "a.png" },
      },
    });
    expect(big.body.errors![0]!.code).toBe("validation.imageSize");
    const answer = await t().call<{ photo: string; lang: string }>(
      "user",
      "updateprofile",
      fields,
      {
        token,
        files: { photo: { data: png, filename: "me.png" } },
      },
    );
    expect(answer.status).toBe(200);
    expect(profile.body.data!.userName).toBe("teacher");
    expect(answer.body.data!.lang).toBe("tg");
    const photo = await t().app.inject({
      method: "GET",
      url: answer.body.data!.photo,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/png");
  });

  it("changes the language with the catalogue text", async () => {
    const token = await t().login("parent");
    const answer = await t().call("user", "setlanguage", { lang: "zh" }, { token });
    expect(answer.body.message).toBe("Success. Language successfully changed.");
    expect((await t().call("user", "setlanguage", { lang: "fr" }, { token })).status).toBe(422);
  });

  it("changes the password: the current one is checked, common ones refused, other sessions end", async () => {
    const first = await t().login("schooladmin2");
    const second = await t().login("schooladmin2");
    const wrong = await t().call(
      "user",
      "changepassword",
      {
        currentPassword: "Nope@2026!",
        newPassword: "Fresh@Pass99",
        confirmPassword: "Fresh@Pass99",
      },
      { token: first },
    );
    expect(wrong.body.errors![0]).toMatchObject({
      field: "currentPassword",
      code: "validation.passwordIncorrect",
    });
    const common = await t().call(
      "user",
      "changepassword",
      { currentPassword: "Demo@2026!", newPassword: "Password1", confirmPassword: "Password1" },
      { token: first },
    );
    expect(common.body.errors![0]).toMatchObject({
      field: "newPassword",
      code: "validation.passwordCommon",
    });
    const ok = await t().call(
      "user",
      "changepassword",
      {
        currentPassword: "Demo@2026!",
        newPassword: "Fresh@Pass99",
        confirmPassword: "Fresh@Pass99",
      },
      { token: first },
    );
    expect(ok.status).toBe(200);
    expect((await t().call("user", "getisloggedinstatus", {}, { token: first })).status).toBe(200);
    expect((await t().call("user", "getisloggedinstatus", {}, { token: second })).status).toBe(401);
    expect(
      (await t().call("user", "login", { userName: "schooladmin2", password: "Fresh@Pass99" }))
        .status,
    ).toBe(200);
  });
});
