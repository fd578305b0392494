import { sql } from "drizzle-orm";
import { writeZip } from "../../src/lib/zip";
import { buildCourse } from "./journey";
import type { TestApp } from "../helper";

export const TWO_SCOS_2004 = `<?xml version="1.0"?>
<manifest identifier="multi" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org">
    <organization identifier="other"><title>Other</title>
      <item identifier="x" identifierref="r-intro"><title>X</title></item></organization>
    <organization identifier="org"><title>Course</title>
      <item identifier="module-1"><title>Module 1</title>
        <item identifier="sco-intro" identifierref="r-intro" parameters="?part=1"><title>Introduction</title>
          <adlcp:dataFromLMS>intro</adlcp:dataFromLMS>
        </item>
        <item identifier="glossary" identifierref="r-glossary"><title>Glossary</title>
          <imsss:sequencing><imsss:deliveryControls tracked="false"/></imsss:sequencing>
        </item>
      </item>
      <item identifier="sco-quiz" identifierref="r-quiz"><title>Quiz</title>
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="quiz-passed" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>0.8</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>
      </item>
    </organization>
  </organizations>
  <resources xml:base="content/">
    <resource identifier="r-intro" type="webcontent" adlcp:scormType="sco" href="intro.html?lang=en"/>
    <resource identifier="r-glossary" type="webcontent" adlcp:scormType="asset" href="glossary.html"/>
    <resource identifier="r-quiz" type="webcontent" adlcp:scormType="sco" href="quiz.html"/>
  </resources>
</manifest>`;

export const TWO_SCOS_12 = `<?xml version="1.0"?>
<manifest identifier="m12" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>T</title>
    <item identifier="a" identifierref="ra"><title>Lesson A</title><adlcp:masteryscore>70</adlcp:masteryscore></item>
    <item identifier="b" identifierref="rb"><title>Lesson B</title></item>
  </organization></organizations>
  <resources>
    <resource identifier="ra" type="webcontent" adlcp:scormtype="sco" href="a.html"/>
    <resource identifier="rb" type="webcontent" adlcp:scormtype="sco" href="b.html"/>
  </resources>
</manifest>`;

export interface Toc {
  id: string;
  title: string;
  depth: number;
  launchable: boolean;
  state: string;
  success: string | null;
}
export interface Load {
  launchUrl: string;
  cmi: Record<string, string>;
  session: number;
  sco: string | null;
  toc?: Toc[];
}

/** Helpers of the multi-SCO tests, bound to a file's app and its teacher's and student's tokens. */
export function scormMultiHelpers(
  t: () => TestApp,
  tokens: () => { teacher: string; student: string },
) {
  const page = (title: string) => Buffer.from(`<!doctype html><title>${title}</title>`);

  async function multiCourse() {
    const zip = await writeZip([
      { path: "imsmanifest.xml", data: Buffer.from(TWO_SCOS_2004) },
      { path: "content/intro.html", data: page("Intro") },
      { path: "content/glossary.html", data: page("Glossary") },
      { path: "content/quiz.html", data: page("Quiz") },
    ]);
    const name = `Multi ${Math.random().toString(36).slice(2, 8)}`;
    const { ids } = await buildCourse(t(), tokens().teacher, [
      {
        name: "Unit",
        materials: [
          { name, type: "scorm", files: { package: { data: zip, filename: "multi.zip" } } },
          { name: `${name} after`, type: "page" },
        ],
      },
    ]);
    return { scorm: ids[name]!, after: ids[`${name} after`]! };
  }

  const load = (materialId: number, sco?: string, token = tokens().student) =>
    t().call<Load>("journey", "scormload", { materialId, ...(sco ? { sco } : {}) }, { token });
  const commit = (
    materialId: number,
    sco: string,
    cmi: Record<string, string>,
    order: { session: number; seq: number },
  ) =>
    t().call<{ state: string }>(
      "journey",
      "scormcommit",
      { materialId, sco, cmi: JSON.stringify(cmi), ...order },
      { token: tokens().student },
    );

  async function rows(materialId: number) {
    const result = await t().database.db.execute(
      sql`select sco, cmi from scorm_attempts where material_id = ${materialId} order by sco`,
    );
    return (result as unknown as { rows: { sco: string; cmi: Record<string, string> }[] }).rows;
  }

  /** The material's state in the student's journey (the gate of the next one). */
  async function stateOf(materialId: number) {
    const answer = await t().call<{ elements: { materials: { id: number; state: string }[] }[] }>(
      "journey",
      "path",
      { courseId: await courseOf(materialId) },
      { token: tokens().student },
    );
    const materials = answer.body.data!.elements.flatMap((e) => e.materials);
    return materials.find((m) => m.id === materialId)?.state;
  }

  async function courseOf(materialId: number) {
    const result = await t().database.db.execute(
      sql`select course_id from materials where id = ${materialId}`,
    );
    return (result as unknown as { rows: { course_id: number }[] }).rows[0]!.course_id;
  }
  return { page, multiCourse, load, commit, rows, stateOf, courseOf };
}
