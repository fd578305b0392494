import type { BulkUploadMode } from "../constants";
import type { MessageKey } from "../i18n/es";
import type { Permissions } from "../schemas/role";
import type { FieldError, UserRecord } from "./types";

/** The answer of user.profile: one's own user record with one's effective permissions. */
export type ProfileAnswer = UserRecord & { permissions?: Permissions };

/** One CSV row's result of a bulk upload; a row with a code (csv.invalidRow...) has errors. */
export interface BulkRowResult {
  line: number;
  userName: string;
  email: string;
  /** The role's name (its cell when the row's role is refused) and the school's code, if reached. */
  role: string;
  school: string;
  /** What the row does (or would do, on a dry run); null when it has errors. */
  action: "create" | "update" | null;
  code: MessageKey | null;
  message: string | null;
  errors: FieldError[];
}

/** The answer of user.bulkupload (also the `data` of its 422 when a real run found bad rows). */
export interface BulkUploadAnswer {
  mode: BulkUploadMode;
  dryRun: boolean;
  total: number;
  created: number;
  updated: number;
  /** Rows with errors. */
  errors: number;
  rows: BulkRowResult[];
}

/** A progress line of user.bulkupload: rows of the file, rows checked, rows written so far. */
export interface BulkUploadProgress {
  total: number;
  checked: number;
  /** Rows written so far, inside the upload's one transaction (nothing is kept on an error). */
  written: number;
}

/**
 * The fields of user.bulkupload besides its `file`: `mode` add (default) or upsert, `dryRun`
 * (check only), `progress` (answer progress lines), `schoolId` (rows naming no school go to it).
 */
export interface BulkUploadFields {
  mode?: BulkUploadMode;
  dryRun?: "0" | "1";
  progress?: "0" | "1";
  schoolId?: number;
}

/**
 * The fields of user.changepassword: one's own password (`currentPassword`), or, with another
 * user's `userId`, that user's (a users/modify right).
 */
export interface ChangePasswordFields {
  userId?: number;
  currentPassword?: string;
  newPassword: string;
  confirmPassword: string;
}
