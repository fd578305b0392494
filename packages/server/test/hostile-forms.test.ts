import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./helper";

const t = useTestApp();
let admin: string;

beforeAll(async () => {
  admin = await t().login("admin");
});

const post = (
  resource: string,
  payload: string | Buffer,
  headers: Record<string, string> = { "content-type": "application/json" },
) => t().app.inject({ method: "POST", url: `/api/${resource}/`, headers, payload });

const schoolCount = async () => {
  const answer = await t().call<unknown[]>(
    "school",
    "list",
    { page: 1, rowsPerPage: 100 },
    { token: admin },
  );
  return (answer.body as unknown as { total: number }).total;
};

describe("hostile forms, before anyone signs in", () => {
  it("refuses JSON nested 20,000 deep with a 400, not a 500", async () => {
    const deep = `{"cmdType":"login","userName":${"[".repeat(20_000)}${"]".repeat(20_000)}}`;
    const answer = await post("user", deep);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ status: 400, code: "validation.invalidValue" });
  });

  it("keeps JSON of a sane depth", async () => {
    const nested = JSON.stringify({
      cmdType: "login",
      userName: "nobody",
      password: "wrong",
      extra: [[[[{ deep: [1] }]]]],
    });
    const answer = await post("user", nested);
    expect(answer.statusCode).toBe(401);
    expect(answer.json().code).toBe("auth.invalidCredentials");
  });

  it("refuses a field sent twice, cmdType above all, in JSON, multipart and url-encoded bodies", async () => {
    const json = await post("school", '{"cmdType":"list","cmdType":"delete","id":"1"}');
    expect(json.statusCode).toBe(400);
    expect(json.json().errors).toEqual([expect.objectContaining({ field: "cmdType" })]);

    const encoded = await post("school", "cmdType=list&cmdType=delete&id=1", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(encoded.statusCode).toBe(400);
    expect(encoded.json().errors).toEqual([expect.objectContaining({ field: "cmdType" })]);

    const before = await schoolCount();
    const multipart = await t().call(
      "school",
      "list",
      { page: 1 },
      {
        token: admin,
        entries: [
          ["cmdType", "delete"],
          ["id", "1"],
        ],
      },
    );
    expect(multipart.status).toBe(400);
    expect(multipart.body.errors).toEqual([expect.objectContaining({ field: "cmdType" })]);
    expect(await schoolCount()).toBe(before);
  });

  it("still takes a list's repeated `name[]` and a query field over the body's", async () => {
    const answer = await t().app.inject({
      method: "POST",
      url: "/api/school/?search=no-such-school",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload:
        `cmdType=list&page=1&search=&filter[key]=enabled&filter[values][]=true` +
        `&filter[values][]=false&Authorization=${encodeURIComponent(`Bearer ${admin}`)}`,
    });
    expect(answer.statusCode, answer.payload).toBe(200);
    expect(answer.json().data.pagination.totalcount).toBe(0);
  });

  it("answers a body that claims a compression it does not have, and one that has it, at once", async () => {
    const body = JSON.stringify({ cmdType: "login", userName: "nobody", password: "wrong" });
    for (const encoding of ["gzip", "deflate", "br"]) {
      const answer = await post("user", body, {
        "content-type": "application/json",
        "content-encoding": encoding,
      });
      expect(answer.statusCode).toBeLessThan(500);
    }
    // Request bodies are read as sent: a compressed one is not JSON.
    const compressed = await post("user", gzipSync(body), {
      "content-type": "application/json",
      "content-encoding": "gzip",
    });
    expect(compressed.statusCode).toBe(400);
  });
});

describe("an update that leaves fields out", () => {
  it("keeps a teacher's assigned load, section and subject unless they are sent, and clears them sent empty", async () => {
    const load = [{ grade: 7, subject: "Science", section: "Rizal" }];
    const created = await t().call<{ id: number }>(
      "user",
      "create",
      {
        firstName: "Kept",
        lastName: "Load",
        userName: "keptload",
        email: "keptload@example.edu.ph",
        roleId: 3,
        schoolId: 1,
        employeeNumber: "EMP-4501",
        subject: "Science",
        title: "Teacher I",
        assignedLoad: load,
      },
      { token: admin },
    );
    expect(created.status, created.payload).toBe(200);
    const id = created.body.data!.id;

    const renamed = await t().call<{ firstName: string; assignedLoad: unknown; title: string }>(
      "user",
      "update",
      { id, firstName: "Renamed" },
      { token: admin },
    );
    expect(renamed.status, renamed.payload).toBe(200);
    expect(renamed.body.data).toMatchObject({
      firstName: "Renamed",
      lastName: "Load",
      employeeNumber: "EMP-4501",
      subject: "Science",
      title: "Teacher I",
      assignedLoad: load,
    });

    const cleared = await t().call<{ assignedLoad: unknown; title: string }>(
      "user",
      "update",
      { id, assignedLoad: [], title: "" },
      { token: admin },
    );
    expect(cleared.status, cleared.payload).toBe(200);
    expect(cleared.body.data).toMatchObject({ firstName: "Renamed", assignedLoad: [], title: "" });
  });

  it("keeps a role's permissions when only its description is sent", async () => {
    const created = await t().call<{ id: number }>(
      "role",
      "create",
      { roleName: "Registrar", permissions: { users: { access: true, view: true } } },
      { token: admin },
    );
    expect(created.status, created.payload).toBe(200);
    const updated = await t().call<{ permissions: Record<string, Record<string, boolean>> }>(
      "role",
      "update",
      { id: created.body.data!.id, description: "Keeps the records" },
      { token: admin },
    );
    expect(updated.status, updated.payload).toBe(200);
    expect(updated.body.data).toMatchObject({
      roleName: "Registrar",
      description: "Keeps the records",
    });
    expect(updated.body.data!.permissions.users).toMatchObject({ access: true, view: true });
  });

  it("keeps a school's city when only its address is sent", async () => {
    const school = await t().call<{ city: string; address: string; schoolName: string }>(
      "school",
      "get",
      { id: 1 },
      { token: admin },
    );
    expect(school.status).toBe(200);
    const { city, schoolName } = school.body.data!;
    const updated = await t().call<{ city: string; address: string }>(
      "school",
      "update",
      { id: 1, address: "1 New Street" },
      { token: admin },
    );
    expect(updated.status, updated.payload).toBe(200);
    expect(updated.body.data).toMatchObject({ address: "1 New Street", city, schoolName });
  });
});

describe("a material's update", () => {
  it("keeps a link's URL and a page's content when only the name is sent", async () => {
    const courses = await t().call<{ data: { id: number }[] }>(
      "course",
      "list",
      {},
      { token: admin },
    );
    const courseId = courses.body.data!.data[0]!.id;
    const elements = await t().call<{ data: { id: number }[] }>(
      "element",
      "list",
      { courseId },
      { token: admin },
    );
    const elementId = elements.body.data!.data[0]!.id;
    const base = { courseId, elementId, published: true };
    const link = await t().call<{ id: number }>(
      "material",
      "create",
      { ...base, name: "Atlas", type: "link", url: "https://example.org/atlas" },
      { token: admin },
    );
    const page = await t().call<{ id: number }>(
      "material",
      "create",
      { ...base, name: "Notes", type: "page", content: "<p>Water boils at 100 °C.</p>" },
      { token: admin },
    );
    for (const [created, type] of [
      [link, "link"],
      [page, "page"],
    ] as const) {
      const id = created.body.data!.id;
      const renamed = await t().call<{ url?: string; content?: string; published: boolean }>(
        "material",
        "update",
        { id, courseId, elementId, type, name: `Renamed ${type}` },
        { token: admin },
      );
      expect(renamed.status, renamed.payload).toBe(200);
      expect(renamed.body.data).toMatchObject({ name: `Renamed ${type}`, published: true });
      if (type === "link") expect(renamed.body.data!.url).toBe("https://example.org/atlas");
      else expect(renamed.body.data!.content).toBe("<p>Water boils at 100 °C.</p>");
    }
  });
});

describe("exports and searches", () => {
  it("answers an export asking for a column the list does not have with a 422 on columns", async () => {
    for (const columns of ["schoolCode,password", '["schoolName","nope"]', "[broken", ","]) {
      const answer = await t().call("school", "export", { columns }, { token: admin });
      expect(answer.status, columns).toBe(422);
      expect(answer.body.errors, columns).toEqual([
        expect.objectContaining({ field: "columns", code: "validation.invalidValue" }),
      ]);
    }
    const good = await t().call("school", "export", { columns: "schoolCode" }, { token: admin });
    expect(good.status).toBe(200);
    expect(good.payload.split("\n")[0]).toContain("schoolCode");
  });

  it("refuses a NUL byte in a search alike on every list, on its field", async () => {
    const lists: [string, Record<string, unknown>][] = [
      ["school", {}],
      ["user", {}],
      ["role", {}],
      ["course", {}],
      ["class", {}],
      ["audit", {}],
    ];
    for (const [resource, extra] of lists) {
      const answer = await t().call(
        resource,
        "list",
        { ...extra, search: "ab\u0000c", page: 1, rowsPerPage: 10 },
        { token: admin },
      );
      expect(answer.status, `${resource}: ${answer.payload}`).toBe(422);
      expect(answer.body.errors![0]).toMatchObject({
        field: "search",
        code: "validation.invalidValue",
      });
    }
  });
});
