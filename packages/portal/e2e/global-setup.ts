import type { TestProject } from "vitest/node";
import { startStack } from "./stack";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One server for the whole browser run; each test file opens its own browser context. */
export default async function setup(project: TestProject) {
  const stack = await startStack();
  project.provide("baseUrl", stack.baseUrl);
  return () => stack.stop();
}
