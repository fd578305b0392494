import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTRACT } from "@lms/core";
import { implement, type Resource } from "../src/dispatch/commands";
import { commandPath, descriptionGaps } from "../src/dispatch/openapi";
import { RESOURCES } from "../src/routes/api/resources";
import { buildTestApp, type TestApp } from "./helper";

type Operation = {
  operationId: string;
  description: string;
  security: unknown[];
  requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
  responses: Record<string, { description: string } | undefined>;
};

const registered = RESOURCES.flatMap((r) => Object.keys(r.commands).map((c) => [r.name, c]));

describe("OpenAPI document and reference page (issue 17, for other apps)", () => {
  let t: TestApp;
  let document: { openapi: string; paths: Record<string, { post: Operation }> };
  beforeAll(async () => {
    t = await buildTestApp();
    const answer = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(answer.headers["cache-control"]).toMatch(/public/);
    document = answer.json();
  });
  afterAll(async () => t?.close());

  it("registers every command of the contract, each with its description", () => {
    const { missing, unknown } = descriptionGaps(RESOURCES);
    expect(
      missing,
      `commands without a description in packages/lms-core/src/contract/resources/: ${missing.join(", ")}`,
    ).toEqual([]);
    expect(unknown, `declared commands no resource registers: ${unknown.join(", ")}`).toEqual([]);
  });

  it("the description rule catches a command without one and a declared command not registered", () => {
    const undescribed = { ...CONTRACT.user.list, description: " " };
    const extra: Resource = {
      name: "user",
      commands: { list: implement(undescribed, { handler: async () => ({}) }) },
    };
    const contract = { user: { list: CONTRACT.user.list, gone: CONTRACT.user.get } };
    expect(descriptionGaps([extra], contract)).toEqual({
      missing: ["user.list"],
      unknown: ["user.gone"],
    });
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("lists every registered command once, with its description, as `resource.cmdType`", () => {
    expect(Object.keys(document.paths)).toHaveLength(registered.length);
    for (const [resource, cmdType] of registered) {
      const op = document.paths[commandPath(resource!, cmdType!)]?.post;
      expect(op, `${resource}.${cmdType}`).toBeDefined();
      expect(op!.operationId).toBe(`${resource}.${cmdType}`);
      expect(op!.description.length).toBeGreaterThan(20);
    }
    const ids = registered.map(([r, c]) => `${r}.${c}`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("gives every command with an input schema that input's fields", () => {
    const withoutFields = RESOURCES.flatMap((r) =>
      Object.entries(r.commands)
        .filter(([cmdType, def]) => {
          if (!def.spec.input) return false;
          const op = document.paths[commandPath(r.name, cmdType)]!.post;
          const schema = op.requestBody.content["application/json"]!.schema as {
            properties: Record<string, unknown>;
            allOf?: unknown[];
          };
          return !schema.allOf && Object.keys(schema.properties).length < 2;
        })
        .map(([cmdType]) => `${r.name}.${cmdType}`),
    );
    expect(withoutFields).toEqual([]);
  });

  it("gives each command its input fields, access rule and error codes", () => {
    const login = document.paths["/api/user/?cmdType=login"]!.post;
    const body = login.requestBody.content["multipart/form-data"]!.schema;
    expect(body.properties.cmdType).toMatchObject({ const: "login" });
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(["cmdType", "userName", "password"]),
    );
    expect(login.security).toEqual([]);
    expect(Object.keys(login.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "413", "422", "429"]),
    );
    // A refused sign-in is its own 401, not the missing token's.
    expect(login.responses["401"]!.description).toContain("auth.invalidCredentials");
    expect(login.responses["401"]!.description).not.toContain("No token");

    const list = document.paths["/api/user/?cmdType=list"]!.post;
    expect(list.security).toEqual([{ bearer: [] }]);
    expect(list.description).toContain("`view` right of the `users` module");
    expect(Object.keys(list.responses)).toEqual(
      expect.arrayContaining(["200", "401", "403", "422"]),
    );
    expect(list.responses["429"]).toBeUndefined();
    expect(list.responses["404"]).toBeUndefined();
    expect(list.responses["401"]!.description).toContain("No token");

    const create = document.paths["/api/material/?cmdType=create"]!.post;
    const file = create.requestBody.content["multipart/form-data"]!.schema.properties.file as {
      description: string;
    };
    expect(file.description).toContain(`${t.config.uploads.materialBytes / 1048576} MB`);
  });

  it("serves /api/docs as HTML whose only script is the viewer bundle from this server", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/https?:|unsafe-eval/);
    const sources = [...page.body.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual(["/api/docs/scalar.js"]);
    expect(page.body).toContain('data-url="/api/openapi.json"');
    expect(page.body).not.toMatch(/https?:\/\//);

    const script = await t.app.inject({ method: "GET", url: sources[0]! });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(script.body.length).toBeGreaterThan(100_000);
    expect(script.body).toContain("api-reference");
  });
});
