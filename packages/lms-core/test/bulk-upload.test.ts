import { describe, expect, it } from "vitest";
import {
  BULK_UPLOAD_TEMPLATE_COLUMNS,
  bulkUploadTemplate,
  englishMessage,
  parseBulkUploadCsv,
  readBulkUploadCsv,
  type BulkUploadLookup,
} from "../src/index";

const header =
  "firstName,lastName,userName,email,roleId,schoolId,grade,section,learningReferenceNumber,employeeNumber,assignedLoad";
const student = (n: number) =>
  `Juan${"abcdefghij"[n % 10]},Cruz,student${n},student${n}@school.edu.ph,5,1,7,Rizal,${String(100000000000 + n)},,`;

describe("bulk-upload CSV", () => {
  it("reads a valid file with or without the BOM that Excel writes", () => {
    for (const bom of ["", "\uFEFF"]) {
      const result = parseBulkUploadCsv(`${bom}${header}\r\n${student(1)}\r\n${student(2)}\r\n`);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.validCount).toBe(2);
      expect(result.rows[0]!.line).toBe(2);
      expect(result.rows[0]!.values).toMatchObject({ userName: "student1", roleId: 5, grade: 7 });
    }
  });

  it("gives rows that name no school the school the upload is made for, and keeps a named one", () => {
    const rows = [
      "Ana,Reyes,ana1,ana1@school.edu.ph,5,,7,Rizal,100000000001,,",
      "Ben,Cruz,ben1,ben1@school.edu.ph,5,2,7,Rizal,100000000002,,",
    ];
    const without = parseBulkUploadCsv(`${header}\n${rows.join("\n")}`);
    expect(without.ok && without.rows[0]!.values).toBeNull();
    const result = parseBulkUploadCsv(`${header}\n${rows.join("\n")}`, { schoolId: 3 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows.map((r) => r.values?.schoolId)).toEqual([3, 2]);
  });

  it("calls a file with an unknown, repeated or missing column 'Invalid csv file.'", () => {
    for (const bad of [
      `${header},shoeSize\n${student(1)},42`,
      `${header},email\n${student(1)},x@y.z`,
      `firstName,lastName\nA,B`,
      "",
      header,
    ]) {
      const result = parseBulkUploadCsv(bad);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(englishMessage(result.message)).toBe("Invalid csv file.");
    }
  });

  it("reports 'Row contains invalid values.' with the line and the field", () => {
    const result = parseBulkUploadCsv(
      `${header}\n${student(1)}\n\nBad1,Cruz,x,not-an-email,5,1,7,Rizal,123,,\n`,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const bad = result.rows[1]!;
    expect(bad.line).toBe(4);
    expect(englishMessage(bad.rowMessage!)).toBe("Row contains invalid values.");
    expect(bad.errors.map((e) => [e.field, englishMessage(e.message)])).toEqual([
      ["firstName", "Incorrect field format."],
      ["userName", "Minimum length of 4 character/number"],
      ["email", "Incorrect email."],
      ["learningReferenceNumber", "Learning reference number must be 12 digits."],
    ]);
    expect(bad.values).toBeNull();
    expect(result.errorCount).toBe(1);
  });

  it("reports 'Row contains duplicate email or username.' for a repeated e-mail or username", () => {
    const result = parseBulkUploadCsv(
      `${header}\n${student(1)}\n${student(2).replace("student2@", "STUDENT1@")}\n${student(3).replace(",student3,", ",Student1,")}`,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows.map((r) => r.rowMessage && englishMessage(r.rowMessage))).toEqual([
      null,
      "Row contains duplicate email or username.",
      "Row contains duplicate email or username.",
    ]);
  });

  it("reads assigned load items and counts lines across quoted line breaks", () => {
    const teacher = `Ana,Reyes,areyes,ana@school.edu.ph,3,1,,,,EMP-1,"7:Science:Rizal;8:Math:Luna"`;
    const quoted = `"Ma.\nClara",Reyes,mclara,clara@school.edu.ph,3,1,,,,EMP-2,7:Science:Rizal`;
    const result = parseBulkUploadCsv(`${header}\n${quoted}\n${teacher}`);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows[1]!.line).toBe(4);
    expect(result.rows[1]!.values?.assignedLoad).toEqual([
      { grade: 7, subject: "Science", section: "Rizal" },
      { grade: 8, subject: "Math", section: "Luna" },
    ]);
    expect(result.rows[0]!.errors.map((e) => e.field)).toEqual(["firstName"]);
  });

  it("offers a template with the role by name and the school by code, its rows valid", () => {
    const template = bulkUploadTemplate("RNHS");
    const [head, teacher, learner] = template.split("\r\n");
    expect(head).toBe(BULK_UPLOAD_TEMPLATE_COLUMNS.join(","));
    expect(head!.split(",")).toEqual(expect.arrayContaining(["role", "school"]));
    expect(head!.split(",")).not.toContain("roleId");
    expect(head!.split(",")).not.toContain("schoolId");
    const cell = (line: string, column: string) =>
      line.split(",")[head!.split(",").indexOf(column)];
    expect([cell(teacher!, "role"), cell(learner!, "role")]).toEqual(["teacher", "student"]);
    expect(cell(teacher!, "school")).toBe("RNHS");
    const result = parseBulkUploadCsv(template, { lookup });
    expect(result.ok && result.rows.map((r) => [r.values?.roleId, r.values?.schoolId])).toEqual([
      [3, 1],
      [5, 1],
    ]);
    // Without a code the rows go to the school an upload is made for.
    const preset = parseBulkUploadCsv(bulkUploadTemplate(), { lookup, schoolId: 2 });
    expect(preset.ok && preset.rows.map((r) => r.values?.schoolId)).toEqual([2, 2]);
  });
});

const lookup: BulkUploadLookup = {
  roles: new Map([
    ["teacher", 3],
    ["student", 5],
    ["school admin", 10],
    ["registrar", 14],
  ]),
  schools: new Map([
    ["rnhs", 1],
    ["bis", 2],
  ]),
};

describe("bulk-upload CSV with role names and school codes", () => {
  const named =
    "firstName,lastName,userName,email,role,school,grade,section,learningReferenceNumber";
  const learner = (n: number, role: string, school: string) =>
    `Ana,Reyes,named${n},named${n}@school.edu.ph,${role},${school},7,Rizal,${100000000000 + n}`;

  it("gives each row the id of its role name and school code, in any case", () => {
    const result = parseBulkUploadCsv(
      [named, learner(1, "Student", "rnhs"), learner(2, "STUDENT", "BIS")].join("\n"),
      { lookup },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows.map((r) => [r.values?.roleId, r.values?.schoolId])).toEqual([
      [5, 1],
      [5, 2],
    ]);
    expect(result.rows[0]!.fields).toEqual({ role: "role", school: "school" });
    expect(result.rows[0]!.raw.role).toBe("Student");
  });

  it("reads a custom role's name, with a space or not", () => {
    const teacher = "Tala,Santos,tsantos,tala@school.edu.ph,Registrar,RNHS,,,";
    const admin = "Lito,Cruz,lcruz,lito@school.edu.ph,School Admin,RNHS,,,";
    const result = parseBulkUploadCsv([named, teacher, admin].join("\n"), { lookup });
    expect(result.ok && result.rows.map((r) => r.values?.roleId)).toEqual([14, 10]);
  });

  it("marks an unknown role name or school code as an invalid value of its column", () => {
    const result = parseBulkUploadCsv(
      [named, learner(1, "wizard", "RNHS"), learner(2, "student", "NOPE")].join("\n"),
      { lookup },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.errorCount).toBe(2);
    expect(result.rows.map((r) => englishMessage(r.rowMessage!))).toEqual([
      "Row contains invalid values.",
      "Row contains invalid values.",
    ]);
    expect(
      result.rows.map((r) => r.errors.map((e) => [e.field, englishMessage(e.message)])),
    ).toEqual([[["role", "Invalid value."]], [["school", "Invalid value."]]]);
    expect(result.rows.every((r) => r.values === null)).toBe(true);
  });

  it("accepts an id and a name given together when they agree, and marks the name when not", () => {
    const both =
      "firstName,lastName,userName,email,roleId,role,schoolId,school,grade,learningReferenceNumber";
    const line = (n: number, cells: string) =>
      `Ana,Reyes,both${n},both${n}@school.edu.ph,${cells},7,${100000000000 + n}`;
    const result = parseBulkUploadCsv(
      [
        both,
        line(1, "5,student,1,RNHS"),
        line(2, "3,student,1,RNHS"),
        line(3, "5,student,1,BIS"),
      ].join("\n"),
      { lookup },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows[0]!.values).toMatchObject({ roleId: 5, schoolId: 1 });
    expect(result.rows[1]!.errors.map((e) => e.field)).toEqual(["role"]);
    expect(result.rows[2]!.errors.map((e) => e.field)).toEqual(["school"]);
    expect(result.rows.slice(1).map((r) => englishMessage(r.rowMessage!))).toEqual([
      "Row contains invalid values.",
      "Row contains invalid values.",
    ]);
  });

  it("marks a row that gives neither role nor school on the column the file has", () => {
    const result = parseBulkUploadCsv(
      `${named}\nAna,Reyes,none1,none1@school.edu.ph,,,7,Rizal,100000000001`,
      {
        lookup,
      },
    );
    expect(
      result.ok && result.rows[0]!.errors.map((e) => [e.field, englishMessage(e.message)]),
    ).toEqual([["role", "This field is required."]]);
    // A role that needs a school, given none.
    const noSchool = parseBulkUploadCsv(`${named}\n${learner(1, "student", "")}`, { lookup });
    expect(noSchool.ok && noSchool.rows[0]!.errors.map((e) => e.field)).toEqual(["school"]);
  });

  it("calls a file with neither roleId nor role column 'Invalid csv file.'", () => {
    const result = parseBulkUploadCsv(
      "firstName,lastName,userName,email,school\nA,B,abcd,a@b.ph,RNHS",
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(englishMessage(result.message)).toBe("Invalid csv file.");
  });

  it("leaves names pending without a lookup, still checking the other fields", () => {
    const result = parseBulkUploadCsv(
      [
        named,
        learner(1, "student", "RNHS"),
        "Bad1,Reyes,named2,not-an-email,student,RNHS,7,Rizal,",
      ].join("\n"),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows.map((r) => [r.pending, r.values, r.rowMessage === null])).toEqual([
      [true, null, true],
      [true, null, false],
    ]);
    expect(result.rows[1]!.errors.map((e) => e.field)).toEqual(["firstName", "email"]);
  });

  it("lists each role name and school code a file uses once, in lower case, to look up", () => {
    const read = readBulkUploadCsv(
      [
        named,
        learner(1, "Student", "RNHS"),
        learner(2, "student", "rnhs"),
        learner(3, "Teacher", ""),
      ].join("\n"),
    );
    expect(read.ok && [read.roleNames, read.schoolCodes]).toEqual([
      ["student", "teacher"],
      ["rnhs"],
    ]);
  });

  it("sends rows naming no school by id or code to the preset school, and keeps a named one", () => {
    const result = parseBulkUploadCsv(
      [named, learner(1, "student", ""), learner(2, "student", "BIS")].join("\n"),
      { lookup, schoolId: 1 },
    );
    expect(result.ok && result.rows.map((r) => [r.values?.schoolId, r.errors.length])).toEqual([
      [1, 0],
      [2, 0],
    ]);
  });
});
