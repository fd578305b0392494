import type { ApiClient } from "../api/client";
import type { DownloadResult, FieldValue, RequestOptions } from "../api/wire";
import type { ApiFailure, ApiResult } from "../api/types";
import { encodeListRequest, type ListPage, type ListParams } from "../schemas/list-wire";
import type { AnswerKind, CommandSpec, ContractSchema, ListRequestSchema } from "./define";

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type OptionalKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? K : never }[keyof T];

/**
 * What a client sends for an input schema: what the schema accepts (its input side; a field the
 * server coerces from text takes anything), a key optional where it may be left out. A field the
 * schema does not know is a type error.
 */
export type ClientInput<S> = S extends ContractSchema
  ? S["_zod"]["input"] extends object
    ? Simplify<
        {
          [
            K in Exclude<keyof S["_zod"]["input"], OptionalKeys<S["_zod"]["input"]>>
          ]: S["_zod"]["input"][K];
        } & {
          [K in OptionalKeys<S["_zod"]["input"]>]?: S["_zod"]["input"][K];
        }
      >
    : S["_zod"]["input"]
  : undefined;

/** The answer's data of a command (a list command: one row). */
export type OutputOf<S> = S extends { output: infer O }
  ? O extends ContractSchema
    ? O["_zod"]["output"]
    : undefined
  : undefined;

/** What a call of the command takes: a list request for list and export commands. */
export type InputOf<S> = S extends { answer: "list" }
  ? ListParams
  : S extends { answer: "file"; input: infer I }
    ? I extends ListRequestSchema
      ? ListParams
      : ClientInput<I>
    : S extends { input: infer I }
      ? ClientInput<I>
      : undefined;

export interface CallOptions {
  /** Files by field name. */
  files?: RequestOptions["files"];
  /**
   * A bulk command's records: chosen ids (`id` for one, `ids` for several), or every row matching
   * a list (`allMatching` with the list's search and filters).
   */
  selection?: { ids: number[] } | { matching: ListParams };
  /** A long command's progress lines (`progress` answers). */
  onProgress?: (progress: unknown) => void;
  /** Use this token instead of the session's. */
  token?: string;
  checkStatus?: boolean;
  signal?: AbortSignal;
  keepalive?: boolean;
}

export type AnswerOf<S> = S extends { answer: "list" }
  ? ApiResult<ListPage<OutputOf<S>>>
  : S extends { answer: "file" }
    ? DownloadResult | ApiFailure
    : ApiResult<OutputOf<S>>;

export type CommandCall<S> =
  undefined extends InputOf<S>
    ? (input?: InputOf<S>, options?: CallOptions) => Promise<AnswerOf<S>>
    : (input: InputOf<S>, options?: CallOptions) => Promise<AnswerOf<S>>;

function entriesOf(
  spec: CommandSpec,
  input: unknown,
  options: CallOptions,
): Pick<RequestOptions, "fields" | "entries"> {
  const asList = spec.answer === "list" || (spec.answer === "file" && spec.listRequest);
  if (asList) return { entries: encodeListRequest(input as ListParams, spec.cmdType).slice(1) };
  const fields = (input ?? {}) as Record<string, FieldValue>;
  const selection = options.selection;
  if (!selection) return { fields };
  if ("ids" in selection) {
    return selection.ids.length === 1
      ? { fields: { ...fields, id: selection.ids[0] } }
      : { fields: { ...fields, ids: selection.ids } };
  }
  const list = encodeListRequest(selection.matching).filter(([name]) => name !== "cmdType");
  return { fields, entries: [["allMatching", "1"], ...list] };
}

/** Runs one command of the contract through the API client, as its answer kind travels. */
export function callCommand<S extends CommandSpec>(
  api: ApiClient,
  spec: S,
  input: InputOf<S>,
  options: CallOptions = {},
): Promise<AnswerOf<S>> {
  const request: RequestOptions = {
    path: spec.path,
    cmdType: spec.cmdType,
    ...entriesOf(spec, input, options),
    ...(options.files ? { files: options.files } : {}),
    ...(options.token ? { token: options.token } : {}),
    ...(options.checkStatus === false ? { checkStatus: false } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.keepalive ? { keepalive: true } : {}),
  };
  const kind: AnswerKind = spec.answer;
  if (kind === "list") return api.list(spec.path, input as ListParams, spec.cmdType) as never;
  if (kind === "file") return api.download(request) as never;
  if (kind === "progress") {
    return api.requestWithProgress(request, options.onProgress ?? (() => {})) as never;
  }
  return api.request(request) as never;
}
