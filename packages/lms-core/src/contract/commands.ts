import { commandPath, type ListRequestSchema } from "./define";
import type { Contract, ContractResource } from "./index";

// How a command's answer travels; `listFile` is a download that takes a list request (an export).
type KindOf<S> = S extends { answer: "file"; input: ListRequestSchema }
  ? "listFile"
  : S extends { answer: infer A }
    ? A
    : never;

type CommandKinds = {
  readonly [R in ContractResource]: { readonly [C in keyof Contract[R]]: KindOf<Contract[R][C]> };
};

// A list and its export, and a deletion with its recycle bin (recycleBinSpecs): the same kinds
// in every resource that has them.
const LISTED = { list: "list", export: "listFile" } as const;
const DELETED = {
  impact: "json",
  delete: "json",
  trash: "list",
  restore: "json",
  purge: "json",
} as const;

// Checked against CONTRACT by its type: a command added, removed or changed there fails to compile.
const KINDS: CommandKinds = {
  school: { ...LISTED, get: "json", create: "json", update: "json", ...DELETED, setstatus: "json" },
  user: {
    login: "json",
    getisloggedinstatus: "json",
    logout: "json",
    forgotpassword: "json",
    verifytoken: "json",
    resetpassword: "json",
    setpassword: "json",
    changepassword: "json",
    profile: "json",
    updateprofile: "json",
    setlanguage: "json",
    ...LISTED,
    get: "json",
    create: "json",
    update: "json",
    ...DELETED,
    activate: "json",
    deactivate: "json",
    resendactivation: "json",
    bulkupload: "progress",
    template: "file",
  },
  role: {
    ...LISTED,
    get: "json",
    modules: "json",
    create: "json",
    update: "json",
    ...DELETED,
    setstatus: "json",
  },
  audit: LISTED,
  config: { get: "json" },
  course: {
    ...LISTED,
    get: "json",
    create: "json",
    update: "json",
    ...DELETED,
    publish: "json",
    unpublish: "json",
  },
  element: {
    ...LISTED,
    create: "json",
    update: "json",
    ...DELETED,
    publish: "json",
    unpublish: "json",
    swap: "json",
  },
  material: {
    ...LISTED,
    get: "json",
    create: "json",
    update: "json",
    ...DELETED,
    scormreset: "json",
    scormcomplete: "json",
    publish: "json",
    unpublish: "json",
    quizsettings: "json",
    swap: "json",
    download: "file",
  },
  class: { ...LISTED, get: "json", move: "json" },
  journey: {
    mycourses: "json",
    children: "json",
    path: "json",
    open: "json",
    complete: "json",
    scormload: "json",
    scormcommit: "json",
    next: "json",
    resume: "json",
    summary: "json",
  },
  progress: LISTED,
  scormreport: { list: "list", get: "json", export: "listFile" },
};

/**
 * Every command of the contract as a client calls it, without its schemas: what callCommand
 * reads (path, cmdType, answer kind, whether it takes a list request), typed as the declaration
 * so that calls are typed by its input and answer. The declaration's other fields (schemas,
 * access, errors) are types only: they are not there to read.
 * Importing CONTRACT builds every zod schema of the service (a tenth of a second on a phone);
 * an app that validates its forms with their own schemas calls through this instead.
 */
export const COMMANDS = Object.fromEntries(
  Object.entries(KINDS).map(([resource, commands]) => [
    resource,
    Object.fromEntries(
      Object.entries(commands as Record<string, string>).map(([cmdType, kind]) => [
        cmdType,
        {
          resource,
          cmdType,
          path: commandPath(resource),
          answer: kind === "listFile" ? "file" : kind,
          listRequest: kind === "listFile",
        },
      ]),
    ),
  ]),
) as unknown as Contract;
