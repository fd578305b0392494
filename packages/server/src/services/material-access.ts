import { ROLE_IDS, es } from "@lms/core";
import type { FastifyInstance } from "fastify";
import type { Caller } from "../lib/commands";
import { ApiError, notFound } from "../lib/errors";
import { viewerOf } from "../routes/api/course";
import { journeyOf } from "../routes/api/journey";

type MaterialRow = NonNullable<
  Awaited<ReturnType<FastifyInstance["repos"]["materials"]["findById"]>>
>;

/**
 * Whether the caller may read a material's content (its files, its SCORM package): throws a 404
 * when the material is not the caller's to see, a 403 'Sorry you need to finish previous course
 * element/material.' when a learner has not reached it. Every route that hands out content asks
 * this one place.
 */
export async function assertMaterialReadable(
  app: FastifyInstance,
  caller: Caller,
  material: MaterialRow,
): Promise<void> {
  // Learning content goes only to users who may see the material (another school's: 404).
  const course = await app.repos.courses.find(material.courseId, viewerOf(caller));
  if (!course) throw notFound();
  if (caller.roleId === ROLE_IDS.student) {
    // A student gets the content of published materials it has reached in its journey.
    const journey = await journeyOf(app, viewerOf(caller), material.courseId);
    const step = journey.steps.find((st) => st.material.id === material.id);
    if (!step) throw notFound();
    if (step.state === "locked") throw new ApiError(403, "errors.finishPrevious");
  }
}

/** The message of a refusal, for answers in the class service's own (Moodle) shape. */
export const refusalMessage = (error: ApiError) =>
  error.status === 403 ? es["errors.finishPrevious"] : es["errors.notFound"];
