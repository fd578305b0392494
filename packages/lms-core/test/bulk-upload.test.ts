import { describe, expect, it } from "vitest";
import {
  BULK_UPLOAD_COLUMNS,
  bulkUploadTemplate,
  englishMessage,
  parseBulkUploadCsv,
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

  it("offers a template whose header is the column set and whose rows are valid", () => {
    const template = bulkUploadTemplate();
    expect(template.split("\r\n")[0]).toBe(BULK_UPLOAD_COLUMNS.join(","));
    const result = parseBulkUploadCsv(template);
    expect(result.ok && result.errorCount).toBe(0);
  });
});
