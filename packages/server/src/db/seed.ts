import { ROLE_IDS, type RoleId } from "@lms/core";
import { count } from "drizzle-orm";
import { newStorageKey, type FileStorage } from "../lib/storage";
import { readZip } from "../lib/zip";
import type { Db } from "./client";
import { demoPdf, demoScormPackage } from "./demo-files";
import { seedJourney } from "./seed-journey";
import { seedClasses } from "./seed-classes";
import {
  courseElements,
  courses,
  materialFiles,
  materials,
  parentChildren,
  questions,
  quizzes,
  schools,
  userLoads,
  users,
} from "./schema";

export { demoScormPackage };

const SEED = "seed";

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0) === 0;
}

/** The usernames of the demo sign-ins (issue 4 "Demo data"). */
export const DEMO_USERS = [
  "admin",
  "rexadmin",
  "lsg",
  "schooladmin",
  "teacher",
  "student",
  "parent",
  "schooladmin2",
  "student2",
] as const;

/**
 * Demo data (issue 4): two schools, one user of each seeded role (school admin, teacher, student
 * and parent in the first school; a school admin and a student in the second), courses with
 * elements and materials of each kind, some published and some not.
 */
export async function seedDemo(db: Db, options: { passwordHash: string; storage: FileStorage }) {
  const { passwordHash, storage } = options;
  const pdf = demoPdf();
  const pdfKey = newStorageKey("materials", "pdf");
  await storage.put(pdfKey, pdf);
  const scormPrefix = newStorageKey("scorm");
  const scorm = demoScormPackage();
  const scormEntries = await readZip(scorm);
  for (const entry of scormEntries) await storage.put(`${scormPrefix}/${entry.path}`, entry.data);

  await db.transaction(async (tx) => {
    const [first, second] = await tx
      .insert(schools)
      .values([
        {
          schoolCode: "RNHS",
          schoolName: "Rizal National High School",
          depedSchoolId: "305123",
          sector: "public",
          address: "1 Mabini Street",
          city: "Quezon City",
          cityMunicipality: "Quezon City",
          province: "Metro Manila",
          barangay: "Bagong Pag-asa",
          region: "NCR",
          country: "Philippines",
          zipCode: "1105",
          websiteUrl: "https://rnhs.example.edu.ph",
          subscriptionType: "premium",
          createdBy: SEED,
        },
        {
          schoolCode: "BIS",
          schoolName: "Bonifacio Integrated School",
          depedSchoolId: "305456",
          sector: "private",
          address: "25 Colon Street",
          city: "Cebu City",
          cityMunicipality: "Cebu City",
          province: "Cebu",
          barangay: "Kalubihan",
          region: "Region VII",
          country: "Philippines",
          zipCode: "6000",
          subscriptionType: "basic",
          createdBy: SEED,
        },
      ])
      .returning({ id: schools.id });
    const s1 = first!.id;
    const s2 = second!.id;
    const person = (
      userName: string,
      firstName: string,
      lastName: string,
      roleId: RoleId,
      schoolId: number | null,
      extra: Partial<typeof users.$inferInsert> = {},
    ): typeof users.$inferInsert => ({
      userName,
      firstName,
      lastName,
      email: `${userName}@demo.school.ph`,
      roleId,
      schoolId,
      status: 0,
      registered: 1,
      passwordHash,
      passwordChangedAt: new Date(),
      createdBy: SEED,
      ...extra,
    });
    const inserted = await tx
      .insert(users)
      .values([
        person("admin", "Ana", "Reyes", ROLE_IDS.admin, null, {
          salutation: "Ms.",
          title: "Administrator",
        }),
        person("rexadmin", "Rex", "Santos", ROLE_IDS.rexAdmin, null, { salutation: "Mr." }),
        person("lsg", "Liza", "Garcia", ROLE_IDS.lsg, null, { salutation: "Ms." }),
        person("schooladmin", "Marco", "Cruz", ROLE_IDS.schoolAdmin, s1, {
          salutation: "Mr.",
          title: "Principal",
        }),
        person("teacher", "Maria", "Santos", ROLE_IDS.teacher, s1, {
          salutation: "Ms.",
          employeeNumber: "EMP-1001",
          subject: "Science",
          title: "Teacher I",
        }),
        person("student", "Juan", "Dela Cruz", ROLE_IDS.student, s1, {
          learningReferenceNumber: "123456789012",
          grade: 7,
          section: "Rizal",
          schoolYearFrom: 2026,
          schoolYearTo: 2027,
          parent: { firstName: "Ana", lastName: "Dela Cruz", email: "parent@demo.school.ph" },
        }),
        person("parent", "Ana", "Dela Cruz", ROLE_IDS.parent, s1, { salutation: "Mrs." }),
        person("schooladmin2", "Carlos", "Mendoza", ROLE_IDS.schoolAdmin, s2, {
          salutation: "Mr.",
        }),
        person("student2", "Pedro", "Bautista", ROLE_IDS.student, s2, {
          learningReferenceNumber: "223456789012",
          grade: 8,
          section: "Mabini",
          schoolYearFrom: 2026,
          schoolYearTo: 2027,
        }),
      ])
      .returning({ id: users.id, userName: users.userName });
    const id = (name: string) => inserted.find((u) => u.userName === name)!.id;
    await tx.insert(userLoads).values([
      { userId: id("teacher"), grade: 7, subject: "Science", section: "Rizal", createdBy: SEED },
      {
        userId: id("teacher"),
        grade: 7,
        subject: "Mathematics",
        section: "Rizal",
        createdBy: SEED,
      },
    ]);
    await tx
      .insert(parentChildren)
      .values({ parentId: id("parent"), childId: id("student"), createdBy: SEED });

    const course = async (values: Omit<typeof courses.$inferInsert, "createdBy">) => {
      const [row] = await tx
        .insert(courses)
        .values({ ...values, createdBy: "teacher" })
        .returning({ id: courses.id });
      return row!.id;
    };
    const element = async (
      courseId: number,
      position: number,
      name: string,
      type: "basic" | "lesson",
      published: boolean,
    ) => {
      const [row] = await tx
        .insert(courseElements)
        .values({ courseId, position, name, type, published, createdBy: "teacher" })
        .returning({ id: courseElements.id });
      return row!.id;
    };
    const material = async (
      values: Omit<typeof materials.$inferInsert, "createdBy" | "author">,
    ) => {
      const [row] = await tx
        .insert(materials)
        .values({ ...values, author: "Maria Santos", createdBy: "teacher" })
        .returning({ id: materials.id });
      return row!.id;
    };

    const science = await course({
      courseName: "Science 7",
      courseCode: "SCI7",
      gradeLevel: 7,
      subject: "Science",
      description: "Matter, energy and living things for Grade 7.",
      published: true,
      schoolId: s1,
    });
    const intro = await element(science, 1, "Getting Started", "basic", true);
    await material({
      courseId: science,
      elementId: intro,
      position: 1,
      name: "Welcome to Science 7",
      type: "page",
      content: "<h2>Welcome!</h2><p>This quarter we study matter and energy.</p>",
      size: 67,
      published: true,
    });
    await material({
      courseId: science,
      elementId: intro,
      position: 2,
      name: "Science resources",
      type: "link",
      url: "https://www.deped.gov.ph",
      published: true,
    });
    const outline = await material({
      courseId: science,
      elementId: intro,
      position: 3,
      name: "Course outline",
      type: "file",
      size: pdf.length,
      published: true,
    });
    await tx.insert(materialFiles).values({
      materialId: outline,
      path: "course-outline.pdf",
      storageKey: pdfKey,
      contentType: "application/pdf",
      size: pdf.length,
      createdBy: "teacher",
    });
    const matter = await element(science, 2, "Lesson 1: Matter", "lesson", true);
    const scormId = await material({
      courseId: science,
      elementId: matter,
      position: 1,
      name: "Matter interactive",
      type: "scorm",
      size: scorm.length,
      published: true,
    });
    await tx.insert(materialFiles).values(
      scormEntries.map((entry) => ({
        materialId: scormId,
        path: entry.path,
        storageKey: `${scormPrefix}/${entry.path}`,
        contentType: entry.path.endsWith(".html") ? "text/html; charset=utf-8" : "application/xml",
        size: entry.data.length,
        createdBy: "teacher",
      })),
    );
    const quiz = await material({
      courseId: science,
      elementId: matter,
      position: 2,
      name: "Matter quiz",
      type: "quiz",
      published: true,
    });
    await tx
      .insert(quizzes)
      .values({ materialId: quiz, attemptsAllowed: 3, passingGrade: 50, createdBy: "teacher" });
    await tx.insert(questions).values([
      {
        materialId: quiz,
        position: 1,
        type: "single",
        prompt: "Which of these is a gas?",
        points: 1,
        choices: [
          { id: "a", text: "Ice", correct: false },
          { id: "b", text: "Steam", correct: true },
          { id: "c", text: "Stone", correct: false },
        ],
        answers: [],
        createdBy: "teacher",
      },
      {
        materialId: quiz,
        position: 2,
        type: "trueFalse",
        prompt: "Water boils at 100 °C at sea level.",
        points: 1,
        choices: [],
        answers: ["true"],
        createdBy: "teacher",
      },
    ]);
    const energy = await element(science, 3, "Lesson 2: Energy", "lesson", false);
    await material({
      courseId: science,
      elementId: energy,
      position: 1,
      name: "Forms of energy",
      type: "page",
      content: "<p>Kinetic and potential energy.</p>",
      published: false,
    });

    const math = await course({
      courseName: "Mathematics 7",
      courseCode: "MATH7",
      gradeLevel: 7,
      subject: "Mathematics",
      section: "Rizal",
      description: "Numbers and algebra.",
      published: false,
      schoolId: s1,
    });
    const numbers = await element(math, 1, "Numbers", "basic", true);
    await material({
      courseId: math,
      elementId: numbers,
      position: 1,
      name: "Integers",
      type: "page",
      content: "<p>Positive and negative whole numbers.</p>",
      published: true,
    });

    const values = await course({
      courseName: "Values Education 7",
      courseCode: "VAL7",
      gradeLevel: 7,
      subject: "Values Education",
      description: "For every school.",
      published: true,
      schoolId: null,
    });
    const respect = await element(values, 1, "Respect", "basic", true);
    await material({
      courseId: values,
      elementId: respect,
      position: 1,
      name: "Respect at school",
      type: "page",
      content: "<p>Listening to others.</p>",
      published: true,
    });

    const science8 = await course({
      courseName: "Science 8",
      courseCode: "SCI8",
      gradeLevel: 8,
      subject: "Science",
      published: true,
      schoolId: s2,
    });
    const intro8 = await element(science8, 1, "Introduction", "basic", true);
    await material({
      courseId: science8,
      elementId: intro8,
      position: 1,
      name: "Forces and motion",
      type: "page",
      content: "<p>Newton's laws.</p>",
      published: true,
    });
    await seedClasses(tx, { schoolId: s1, passwordHash });
  });
  await seedJourney(db, { storage });
}
