import { ROLE_IDS, type RoleId } from "@lms/core";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "./client";
import { courseElements, courses, materials, progress, userLoads, users } from "./schema";

const SEED = "seed";

/** Demo students of the first school, by class: 7-Rizal (with the demo student), 7-Mabini, 8-Bonifacio. */
export const CLASS_STUDENTS = [
  { userName: "lea", firstName: "Lea", lastName: "Villanueva", grade: 7, section: "Rizal" },
  { userName: "miguel", firstName: "Miguel", lastName: "Torres", grade: 7, section: "Rizal" },
  { userName: "rosa", firstName: "Rosa", lastName: "Aquino", grade: 7, section: "Mabini" },
  { userName: "paolo", firstName: "Paolo", lastName: "Ramos", grade: 7, section: "Mabini" },
  { userName: "carmen", firstName: "Carmen", lastName: "Flores", grade: 8, section: "Bonifacio" },
  { userName: "andres", firstName: "Andres", lastName: "Navarro", grade: 8, section: "Bonifacio" },
] as const;

/**
 * Demo classes (issue "Classes"): six more students in the first school over three classes, and a
 * second teacher whose load covers 7-Mabini and 8-Bonifacio, so that the demo `teacher` (load
 * 7-Rizal) sees some classes but not all. A few completed materials give the classes progress.
 */
export async function seedClasses(
  tx: Tx,
  options: { schoolId: number; passwordHash: string },
): Promise<void> {
  const person = (
    userName: string,
    firstName: string,
    lastName: string,
    roleId: RoleId,
    extra: Partial<typeof users.$inferInsert>,
  ): typeof users.$inferInsert => ({
    userName,
    firstName,
    lastName,
    email: `${userName}@demo.school.ph`,
    roleId,
    schoolId: options.schoolId,
    status: 0,
    registered: 1,
    passwordHash: options.passwordHash,
    passwordChangedAt: new Date(),
    createdBy: SEED,
    ...extra,
  });
  const inserted = await tx
    .insert(users)
    .values([
      ...CLASS_STUDENTS.map((s, index) =>
        person(s.userName, s.firstName, s.lastName, ROLE_IDS.student, {
          learningReferenceNumber: String(123456789100 + index),
          grade: s.grade,
          section: s.section,
          schoolYearFrom: 2026,
          schoolYearTo: 2027,
        }),
      ),
      person("jose", "Jose", "Mercado", ROLE_IDS.teacher, {
        salutation: "Mr.",
        employeeNumber: "EMP-1002",
        subject: "English",
        title: "Teacher II",
      }),
    ])
    .returning({ id: users.id, userName: users.userName });
  const id = (name: string) => inserted.find((u) => u.userName === name)!.id;
  await tx.insert(userLoads).values([
    { userId: id("jose"), grade: 7, subject: "English", section: "Mabini", createdBy: SEED },
    { userId: id("jose"), grade: 8, subject: "Science", section: "Bonifacio", createdBy: SEED },
  ]);

  const firstMaterials = await tx
    .select({ id: materials.id, courseId: materials.courseId, code: courses.courseCode })
    .from(materials)
    .innerJoin(courseElements, eq(courseElements.id, materials.elementId))
    .innerJoin(courses, eq(courses.id, materials.courseId))
    .where(
      and(
        inArray(courses.courseCode, ["SCI7", "VAL7"]),
        eq(materials.published, true),
        eq(courseElements.published, true),
      ),
    )
    .orderBy(asc(courseElements.position), asc(materials.position));
  const first = (code: string) => firstMaterials.find((m) => m.code === code);
  const done = [
    ["lea", first("VAL7")],
    ["lea", first("SCI7")],
    ["rosa", first("VAL7")],
  ] as const;
  const completedAt = new Date();
  const rows = done.flatMap(([userName, material]) =>
    material
      ? [
          {
            userId: id(userName),
            materialId: material.id,
            courseId: material.courseId,
            completedAt,
            createdBy: userName,
          },
        ]
      : [],
  );
  if (rows.length > 0) await tx.insert(progress).values(rows);
}
