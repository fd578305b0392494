export {
  BULK_UPLOAD_MODES,
  CHUNK_LOAD_TIMEOUT_MS,
  DEFAULT_LANG,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT_ORDER,
  ELEMENT_TYPES,
  GLOBAL_ROLE_IDS,
  GRADE_LEVELS,
  IMAGE_LIMITS,
  LANGUAGE_LABELS,
  LANGUAGES,
  LAYOUT,
  MATERIAL_TYPES,
  PAGE_SIZES,
  PASSWORD_LIMITS,
  PERMISSION_MODULES,
  PLACEMENTS,
  QUESTION_TYPES,
  REGISTERED,
  RIGHTS,
  ROLE_IDS,
  ROLE_NAMES,
  SALUTATIONS,
  SEARCH_DEBOUNCE_MS,
  SENIOR_HIGH_GRADES,
  SESSION_STORAGE_KEY,
  SILENT_SIGN_IN,
  SORT_ORDERS,
  STRENGTH,
  SUFFIXES,
  USER_STATUS,
  USER_STATUS_INVERTED_DISPLAY,
  USERNAME_MIN_LENGTH,
  isLang,
  isRoleId,
  statusFromInvertedDisplay,
} from "./constants";
export { inputJsonSchema, outputJsonSchema } from "./contract/json-schema";
export { SESSION_COMMANDS } from "./contract/session-commands";
export { commandRef } from "./contract/command-ref";
export { COMMANDS } from "./contract/commands";
export {
  CONTRACT,
  commandSpecOf,
  createContractClient,
  type Contract,
  type ContractClient,
  type ContractResource,
} from "./contract/index";
export {
  commandSpec,
  commonErrors,
  declaresError,
  defineCommands,
  errorsOf,
  type AnswerKind,
  type CommandAccess,
  type CommandErrors,
  type CommandOptions,
  type CommandSpec,
  type ContractSchema,
  type ErrorCode,
  type ErrorStatus,
  type ResourceContract,
} from "./contract/define";
export {
  callCommand,
  type AnswerOf,
  type CallOptions,
  type ClientInput,
  type CommandCall,
  type InputOf,
  type OutputOf,
} from "./contract/client";
export {
  MAX_ID,
  answerType,
  binIdsAnswer,
  bulkInput,
  countAnswer,
  deleteInput,
  emptyInput,
  idField,
  idInput,
  listInput,
  restoredAnswer,
  trashInput,
} from "./contract/inputs";
export { recycleBinSpecs } from "./contract/recycle-bin";
// The answers of each area; the commands' own inputs are reached through CONTRACT.
export { bulkUserInput } from "./contract/resources/user";
export type { RoleModulesAnswer } from "./contract/resources/role";
export type { ConfigAnswer } from "./contract/resources/config";
export type {
  BulkRowResult,
  BulkUploadAnswer,
  BulkUploadFields,
  BulkUploadProgress,
  ChangePasswordFields,
  ProfileAnswer,
} from "./api/user-types";
export type {
  ElementWithMaterials,
  MaterialDetail,
  MaterialFile,
  MaterialQuiz,
  MaterialQuizChoice,
  MaterialQuizQuestion,
} from "./api/course-types";
export type {
  Child,
  CourseSummary,
  CourseSummaryDetail,
  JourneyCompletion,
  JourneyElement,
  JourneyMaterial,
  JourneyPath,
  JourneyState,
  JourneyTarget,
  OpenedMaterial,
  OpenedQuizResult,
  ProgressRow,
  QuizAttempt,
  QuizGrade,
  QuizOutcome,
  QuizQuestion,
  QuizQuestionType,
  QuizResult,
  QuizReviewRow,
  QuizSettingsView,
  ScormAttemptDetail,
  ScormAttemptRow,
  ScormAttemptStatus,
  ScormCommitAnswer,
  ScormInteraction,
  ScormLaunch,
  ScormObjective,
  ScormReportStudent,
  ScormResult,
  ScormTocEntry,
} from "./api/journey-types";
export type { JsonSchema } from "./contract/json-schema";
export { es } from "./i18n/es";
export { zh } from "./i18n/zh";
export { tg } from "./i18n/tg";
export { SAME_AS_ENGLISH } from "./i18n/same-as-english";
export { createIntl, englishMessage } from "./i18n/intl";
export { LOCALES } from "./i18n/locales";
export { CATALOGUES } from "./i18n/catalogues";
export { loadCatalogue } from "./i18n/load-catalogue";
export { decodeMessage, encodeMessage } from "./validation/message";
export { EMAIL_PATTERN, NAME_PATTERN, checkPaste, isHttpUrl } from "./validation/checks";
export {
  booleanField,
  currentPasswordField,
  emailAddress,
  integerField,
  jsonField,
  newPasswordField,
  oneOf,
  optionalIntegerField,
  optionalText,
  personName,
  requiredText,
  text,
  urlText,
  userName,
  userNameOrEmail,
} from "./validation/rules";
export {
  PASSWORD_CRITERIA,
  confirmationMatches,
  hasValidPasswordLength,
  passwordCriteria,
  passwordStrength,
  strengthLevel,
} from "./validation/password";
export { checkImageFiles, sniffImageType } from "./validation/image";
export { toFieldErrors } from "./validation/errors";
export {
  adminChangePasswordSchema,
  changePasswordSchema,
  setLanguageSchema,
  verifyTokenSchema,
} from "./schemas/auth";
export {
  forgotPasswordSchema,
  loginSchema,
  newPasswordPairSchema,
  resetPasswordSchema,
  setPasswordSchema,
} from "./schemas/sign-in";
export {
  SCHOOL_SECTORS,
  SUBSCRIPTION_TYPES,
  schoolSchema,
  schoolStatusSchema,
} from "./schemas/school";
export {
  assignedLoadRowSchema,
  checkUserByRole,
  createUserInputSchema,
  parentInfoSchema,
  updateProfileSchema,
  updateUserInputSchema,
  userFieldsSchema,
} from "./schemas/user";
export {
  emptyPermissions,
  fullPermissions,
  noRights,
  permissionsSchema,
  permissionsWithin,
  roleSchema,
} from "./schemas/role";
export {
  choiceSchema,
  courseSchema,
  elementCreateSchema,
  elementUpdateSchema,
  materialSchema,
  questionSchema,
  quizSettingsSchema,
  SCORM_COMPLETION,
  SCORM_GRADING,
  SCORM_NEW_ATTEMPT,
  scormSettingsSchema,
  swapSchema,
} from "./schemas/course";
export {
  DEFAULT_LIST_PARAMS,
  SORTABLE_COLUMNS,
  decodeListFilters,
  decodeListResponse,
  encodeListRequest,
  listParamsOf,
} from "./schemas/list-wire";
export { listRequestSchema } from "./schemas/list";
export {
  BULK_UPLOAD_COLUMNS,
  BULK_UPLOAD_TEMPLATE_COLUMNS,
  MAX_BULK_UPLOAD_BYTES,
  MAX_BULK_UPLOAD_ROWS,
  REQUIRED_BULK_UPLOAD_COLUMNS,
  bulkUploadTemplate,
} from "./csv/bulk-upload-columns";
export { bulkUploadRecordReader, parseBulkUploadCsv, readBulkUploadCsv } from "./csv/bulk-upload";
export {
  CSV_MESSAGES,
  bulkUploadRowSchema,
  checkBulkUploadRows,
  describeRowErrors,
} from "./csv/bulk-upload-rows";
export {
  classIdField,
  classIdOf,
  classMoveSchema,
  decodeClassId,
  encodeClassId,
} from "./schemas/class";
export {
  AUDIT_ACTIONS,
  AUDIT_MODULES,
  AUDIT_SIGN_IN,
  AUDIT_SIGN_IN_FAILED,
  auditListSchema,
  auditReach,
} from "./schemas/audit";
export { createSessionStore, emptySession, memoryStorage } from "./session/session-store";
export { createApiClient } from "./api/client";
export { EXPIRED_TOKEN_MESSAGES, joinUrl } from "./api/wire";

export type {
  BulkUploadMode,
  ElementType,
  Lang,
  MaterialType,
  PageSize,
  PermissionModule,
  Placement,
  QuestionType,
  Registered,
  Right,
  RoleId,
  RoleKey,
  SortOrder,
  UserStatus,
} from "./constants";
export type { Catalogue, MessageKey } from "./i18n/es";
export type { Translator } from "./i18n/intl";
export type { MessageDescriptor, MessageValues } from "./validation/message";
export type { TextRuleOptions } from "./validation/checks";
export type { PasswordCriterion, PasswordStrength, StrengthLevel } from "./validation/password";
export type { FileFacts } from "./validation/image";
export type { AdminChangePasswordInput, ChangePasswordInput } from "./schemas/auth";
export type { ForgotPasswordInput, LoginInput, ResetPasswordInput } from "./schemas/sign-in";
export type { SchoolInput, SchoolValues } from "./schemas/school";
export type {
  AssignedLoadRow,
  ParentInfo,
  ProfileInput,
  UserInput,
  UserValues,
} from "./schemas/user";
export type { Permissions, RoleInput, RoleValues, Rights } from "./schemas/role";
export type {
  CourseInput,
  CourseValues,
  ElementCreateInput,
  MaterialInput,
  Question,
  QuizSettings,
  QuizSettingsInput,
  ScormSettings,
} from "./schemas/course";
export type {
  ListAnswer,
  ListFilter,
  ListPage,
  ListParams,
  ListResource,
  Pagination,
  TableListState,
} from "./schemas/list-wire";
export type { BulkUploadColumn } from "./csv/bulk-upload-columns";
export type { BulkUploadRead, BulkUploadRecordReader, FileRecord } from "./csv/bulk-upload";
export type {
  BulkUploadLookup,
  BulkUploadOptions,
  BulkUploadParse,
  BulkUploadRow,
  ParsedRow,
  RowError,
} from "./csv/bulk-upload-rows";
export type { ClassKey, ClassMoveInput } from "./schemas/class";
export type { AuditChange, AuditListInput, AuditReach, AuditRecord } from "./schemas/audit";
export type { KeyValueStorage, Session, SessionStore } from "./session/session-store";
export type { ApiClient, ApiClientOptions } from "./api/client";
export type { DownloadResult, FieldValue, RequestOptions } from "./api/wire";
export type {
  ApiEnvelope,
  ApiFailure,
  ApiResult,
  ApiSuccess,
  ClassCourse,
  ClassDetails,
  ClassRecord,
  ClassStudent,
  ClassTeacher,
  CourseRecord,
  DeletionCounts,
  DeletionImpact,
  ElementRecord,
  FieldError,
  LoginAnswer,
  MaterialRecord,
  Profile,
  RoleRecord,
  SchoolRecord,
  SwapAnswer,
  Timestamps,
  TrashEntry,
  UserRecord,
} from "./api/types";
