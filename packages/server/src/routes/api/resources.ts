import type { Resource } from "../../lib/commands";
import { classResource } from "./class";
import { configResource } from "./config";
import { courseResource } from "./course";
import { elementResource } from "./element";
import { journeyResource } from "./journey";
import { materialResource } from "./material";
import { progressResource } from "./progress";
import { roleResource } from "./role";
import { schoolResource } from "./school";
import { userResource } from "./user";

/** Every resource of the main service; the permission test table reads the same list. */
export const RESOURCES: readonly Resource[] = [
  userResource,
  schoolResource,
  roleResource,
  courseResource,
  elementResource,
  materialResource,
  journeyResource,
  progressResource,
  classResource,
  configResource,
];
