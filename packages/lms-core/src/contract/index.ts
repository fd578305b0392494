import type { ApiClient } from "../api/client";
import { callCommand, type CallOptions, type CommandCall } from "./client";
import type { CommandSpec } from "./define";
import { schoolCommands } from "./resources/school";
// users, roles, audit, config
import { auditCommands } from "./resources/audit";
import { configCommands } from "./resources/config";
import { roleCommands } from "./resources/role";
import { userCommands } from "./resources/user";
// Courses, elements, materials, classes (c-courses).
import { classCommands } from "./resources/class";
import { courseCommands } from "./resources/course";
import { elementCommands } from "./resources/element";
import { materialCommands } from "./resources/material";
// journey, progress, scormreport
import { journeyCommands } from "./resources/journey";
import { progressCommands } from "./resources/progress";
import { scormReportCommands } from "./resources/scorm-report";

/**
 * Every resource and command of the main service (POST /api/<resource>/ with a cmdType): the
 * server registers its routes and authorisation from it, clients call it through
 * createContractClient, and /api/openapi.json is generated from it.
 */
export const CONTRACT = {
  school: schoolCommands,
  // users, roles, audit, config
  user: userCommands,
  role: roleCommands,
  audit: auditCommands,
  config: configCommands,
  // Courses, elements, materials, classes (c-courses).
  course: courseCommands,
  element: elementCommands,
  material: materialCommands,
  class: classCommands,
  // journey, progress, scormreport
  journey: journeyCommands,
  progress: progressCommands,
  scormreport: scormReportCommands,
};

export type Contract = typeof CONTRACT;
export type ContractResource = keyof Contract;

/** One command's declaration, looked up by name (undefined when there is none). */
export function commandSpecOf(resource: string, cmdType: string): CommandSpec | undefined {
  const commands = (CONTRACT as Record<string, Record<string, CommandSpec>>)[resource];
  return commands && Object.hasOwn(commands, cmdType) ? commands[cmdType] : undefined;
}

/** `client.school.list(params)`: every command of the contract, typed input and answer. */
export type ContractClient = {
  readonly [R in ContractResource]: {
    readonly [C in keyof Contract[R]]: CommandCall<Contract[R][C]>;
  };
};

export function createContractClient(api: ApiClient): ContractClient {
  const client: Record<string, Record<string, unknown>> = {};
  for (const [resource, commands] of Object.entries(CONTRACT)) {
    const calls: Record<string, unknown> = {};
    for (const [cmdType, spec] of Object.entries(commands as Record<string, CommandSpec>)) {
      calls[cmdType] = (input: unknown, options?: CallOptions) =>
        callCommand(api, spec, input as never, options);
    }
    client[resource] = calls;
  }
  return client as ContractClient;
}
