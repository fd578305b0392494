import {
  CONTRACT,
  errorsOf,
  es,
  inputJsonSchema,
  outputJsonSchema,
  type CommandSpec,
  type JsonSchema,
} from "@lms/core";
import type { CommandDef, Resource } from "./commands";
import { INVALID_TOKEN } from "../lib/errors";

/**
 * The OpenAPI 3.1 document of /api (issue 17 "For other apps"), built from the registered command
 * table. Every command is a POST to /api/<resource>/ told apart by its `cmdType` field; OpenAPI keys
 * operations by path and method, so each command gets its own path key `/api/<resource>/?cmdType=<x>`
 * (docs/API-DETAILS.md "OpenAPI"): the query part only names the command, the request is the same
 * POST with `cmdType` in its body.
 */
export function commandPath(resource: string, cmdType: string): string {
  return `/api/${resource}/?cmdType=${cmdType}`;
}

export interface OpenApiOptions {
  version: string;
  /** Bytes of a material's file (LMS_MAX_UPLOAD_MB). */
  materialBytes: number;
}

type Json = Record<string, unknown>;

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

function accessText(def: CommandDef): string {
  const { access, globalOnly } = def.spec;
  const who =
    access === "public"
      ? "public (no token)"
      : access === "signedIn"
        ? "any signed-in user"
        : `signed in, with the \`${access.right}\` right of the \`${access.module}\` module`;
  const extra = [
    globalOnly ? "users without a school only (admin, rex admin, lsg)" : "",
    def.allow ? "and a further rule of its own (403 otherwise)" : "",
  ].filter(Boolean);
  return `Access: ${[who, ...extra].join("; ")}.`;
}

function requestSchema(cmdType: string, def: CommandDef, fileBytes: number): JsonSchema {
  const input = inputJsonSchema(def.spec.input);
  const properties: Json = {
    cmdType: { type: "string", const: cmdType, description: "The command." },
  };
  const required = ["cmdType"];
  if (input && input.type === "object" && input.properties) {
    Object.assign(properties, input.properties);
    if (Array.isArray(input.required)) required.push(...(input.required as string[]));
  }
  if (fileBytes > 0) {
    properties.file = {
      type: "string",
      contentMediaType: "application/octet-stream",
      description: `A file field (the command's own field name), at most ${Math.round(fileBytes / 1048576)} MB; give the token before it.`,
    };
  }
  const schema: JsonSchema = { type: "object", properties, required };
  if (input && !(input.type === "object" && input.properties)) {
    return { allOf: [schema, input] };
  }
  return schema;
}

function operation(
  resource: Resource,
  cmdType: string,
  def: CommandDef,
  options: OpenApiOptions,
): Json {
  const key = `${resource.name}.${cmdType}`;
  const fileBytes = def.maxFileBytes === "materials" ? options.materialBytes : def.maxFileBytes;
  const body = requestSchema(cmdType, def, fileBytes);
  const responses: Json = {
    ...declaredResponses(def.spec),
    "500": ref("ServerError"),
  };
  return {
    operationId: key,
    summary: `/api/${resource.name}/ (cmdType=${cmdType})`,
    description: `${def.spec.description}\n\n${accessText(def)}`,
    tags: [resource.name],
    security: def.spec.access === "public" ? [] : [{ bearer: [] }],
    "x-lms-access": def.spec.access,
    requestBody: {
      required: true,
      content: {
        "multipart/form-data": { schema: body },
        "application/x-www-form-urlencoded": { schema: body },
        "application/json": { schema: body },
      },
    },
    responses,
  };
}

const LIST_PAGE = (row: JsonSchema): JsonSchema => ({
  type: "object",
  required: ["pagination", "data"],
  properties: {
    pagination: {
      type: "object",
      required: ["page", "rowsPerPage", "totalcount"],
      properties: {
        page: { type: "integer" },
        rowsPerPage: { type: "integer" },
        totalcount: { type: "integer" },
        totalIsEstimate: { type: "boolean", description: "The total is an estimate." },
      },
    },
    data: { type: "array", items: row },
  },
});

/** 200 with the declared answer, and each declared refusal with its catalogue codes. */
function declaredResponses(spec: CommandSpec): Json {
  const data = outputJsonSchema(spec.output) ?? {};
  const ok: Json =
    spec.answer === "file"
      ? {
          description: "The file itself (CSV or the material's type); a refusal is JSON.",
          content: {
            "text/csv": { schema: { type: "string" } },
            "application/octet-stream": { schema: { type: "string" } },
          },
        }
      : {
          description:
            spec.answer === "progress"
              ? "Progress lines `{progress}` (application/x-ndjson) while it runs, then the envelope; a short run answers the envelope alone."
              : "Done: the envelope `{status, message, data}`.",
          content: {
            "application/json": {
              schema: envelope(spec.answer === "list" ? LIST_PAGE(data) : data),
            },
            ...(spec.answer === "progress"
              ? { "application/x-ndjson": { schema: { type: "string" } } }
              : {}),
          },
        };
  const responses: Json = { "200": ok };
  for (const [status, codes] of Object.entries(errorsOf(spec))) {
    const listed = codes.map((code) => `\`${code}\``).join(", ");
    const why = status === "401" && spec.access === "public" ? "Refused" : REFUSALS[status];
    responses[status] = {
      ...failure(`${why ?? "Refused"}: \`code\` is ${listed}.`),
      ...(status === "429" ? { headers: { "Retry-After": { schema: { type: "integer" } } } } : {}),
    };
  }
  return responses;
}

const REFUSALS: Record<string, string> = {
  "400": "A malformed body, or no `cmdType` this resource has",
  "401": `No token, or one no longer good (\`message\` is \`${INVALID_TOKEN}\` or \`Expired token\`)`,
  "403": "The caller lacks the right, or the record is above the caller",
  "404": "A record named is not there, or not in the caller's reach",
  "405": "Not a POST",
  "409": "The records' state forbids it",
  "410": "Gone",
  "413": "The body or a file is larger than the command takes",
  "415": "The body is not a form",
  "422":
    "Validation failed: `errors` lists each field with its catalogue `code` and English `message`",
  "423": "Locked",
  "429": "Too many attempts: wait `Retry-After` seconds (also `data.retryAfter`)",
  "503": "Not available now",
};

const envelope = (data: JsonSchema = {}): JsonSchema => ({
  type: "object",
  required: ["status"],
  properties: {
    status: { type: "integer", description: "The HTTP status again." },
    code: { type: "string", description: "A key of the @lms/core message catalogue." },
    message: { type: "string", description: "The code's English text." },
    data,
  },
});

const failure = (description: string, example?: { code: string; message: string }): Json => ({
  description,
  content: {
    "application/json": {
      schema: { $ref: "#/components/schemas/Failure" },
      ...(example ? { example: { status: 0, ...example } } : {}),
    },
  },
});

function components(): Json {
  return {
    securitySchemes: {
      bearer: {
        type: "http",
        scheme: "bearer",
        description:
          "The token of `user.login`: the `Authorization` form field, the `Authorization: Bearer` header, or `?token=` for downloads.",
      },
    },
    schemas: {
      Answer: envelope(),
      FieldError: {
        type: "object",
        required: ["field", "code", "message"],
        properties: {
          field: { type: "string" },
          row: { type: "integer", description: "The CSV row, for uploaded files." },
          code: { type: "string" },
          message: { type: "string" },
          values: { type: "object" },
        },
      },
      Failure: {
        ...envelope(),
        required: ["status", "code", "message"],
        properties: {
          ...(envelope().properties as Json),
          errors: { type: "array", items: { $ref: "#/components/schemas/FieldError" } },
        },
      },
    },
    responses: {
      ServerError: failure("An error of the server; nothing of it is shown.", {
        code: "errors.generic",
        message: es["errors.generic"],
      }),
    },
  };
}

export function buildOpenApi(resources: readonly Resource[], options: OpenApiOptions): Json {
  const paths: Json = {};
  for (const resource of resources) {
    for (const [cmdType, def] of Object.entries(resource.commands)) {
      paths[commandPath(resource.name, cmdType)] = {
        post: operation(resource, cmdType, def, options),
      };
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${es["app.name"]} API`,
      version: options.version,
      description:
        "Every command is a POST to `/api/<resource>/` whose body names it in `cmdType` (multipart, url-encoded or JSON). " +
        "OpenAPI keys operations by path, so each command is listed under `/api/<resource>/?cmdType=<command>`: " +
        "send it to `/api/<resource>/` with `cmdType` in the body (the query part is ignored). " +
        "Answers are `{status, code?, message?, data?}`; failures add `errors` for fields.",
    },
    servers: [{ url: "/" }],
    tags: resources.map((r) => ({ name: r.name })),
    paths,
    components: components(),
  };
}

/**
 * The description rule: `missing` lists registered commands whose declaration has no description,
 * `unknown` the declared commands no resource registers (both `resource.cmdType`).
 */
export function descriptionGaps(
  resources: readonly Resource[],
  contract: Readonly<Record<string, Readonly<Record<string, CommandSpec>>>> = CONTRACT,
): { missing: string[]; unknown: string[] } {
  const registered = resources.flatMap((r) =>
    Object.entries(r.commands).map(([cmdType, def]) => ({ key: `${r.name}.${cmdType}`, def })),
  );
  const known = new Set(registered.map(({ key }) => key));
  const declared = Object.entries(contract).flatMap(([name, commands]) =>
    Object.keys(commands).map((cmdType) => `${name}.${cmdType}`),
  );
  return {
    missing: registered.filter(({ def }) => !def.spec.description.trim()).map(({ key }) => key),
    unknown: declared.filter((key) => !known.has(key)),
  };
}
