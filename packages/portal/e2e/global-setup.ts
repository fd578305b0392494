import type { TestProject } from "vitest/node";
import { launchChromiumServer, startStack } from "./stack";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumEndpoint: string;
  }
}

/**
 * One server and one Chromium for the whole browser run (a shard of it): each test file connects
 * to that Chromium and opens its own browser contexts, as isolated as a browser of its own.
 */
export default async function setup(project: TestProject) {
  const [stack, chromium] = await Promise.all([startStack(), launchChromiumServer()]);
  project.provide("baseUrl", stack.baseUrl);
  project.provide("chromiumEndpoint", chromium.wsEndpoint());
  return async () => {
    await chromium.close();
    await stack.stop();
  };
}
