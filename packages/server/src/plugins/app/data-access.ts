import type { Db, Tx } from "../../db/client";
import { KeptClassList } from "../../read-models/list-memory/kept-class-list";
import { KeptCourseList } from "../../read-models/list-memory/kept-course-list";
import { KeptMaterialList } from "../../read-models/list-memory/kept-material-list";
import { KeptSchoolList } from "../../read-models/list-memory/kept-school-list";
import { KeptCourseProgress } from "../../read-models/progress/kept-course-progress";
import { keptUsersListReads } from "../../read-models/users-search/indexed-user-search";
import { AuditRepository } from "./repositories/audit-repository";
import { ClassesRepository } from "./repositories/classes-repository";
import { CourseDeletionsRepository } from "./repositories/course-deletions-repository";
import { CoursesRepository } from "./repositories/courses-repository";
import { DeletionImpactRepository } from "./repositories/deletion-impact-repository";
import { ElementsRepository } from "./repositories/elements-repository";
import { MaterialsRepository } from "./repositories/materials-repository";
import { OutboxRepository } from "./repositories/outbox-repository";
import { ProgressRepository } from "./repositories/progress-repository";
import { QuizzesRepository } from "./repositories/quizzes-repository";
import { RecycleBinRepository } from "./repositories/recycle-bin-repository";
import { RecordVersionsRepository } from "./repositories/record-versions-repository";
import { RolesRepository } from "./repositories/roles-repository";
import { SchoolsRepository } from "./repositories/schools-repository";
import { ScormAttemptsRepository } from "./repositories/scorm-attempts-repository";
import { ScormReportRepository } from "./repositories/scorm-report-repository";
import { SecretsRepository } from "./repositories/secrets-repository";
import { SessionsRepository } from "./repositories/sessions-repository";
import { TokensRepository } from "./repositories/tokens-repository";
import { UsersRepository } from "./repositories/users-repository";
import { sqlUsersListReads, UsersSearchRepository } from "./repositories/users-search-repository";

/**
 * Every repository: the only way handlers reach the database (STYLE.md "server"). With the read
 * models on (LMS_READ_MODELS, src/read-models/README.md), the lists' reads have them in front of
 * the repositories' SQL.
 */
export function createRepositories(
  db: Db,
  options: {
    listExactCount?: number;
    /** Off, no read model is kept: every read goes to the database (LMS_READ_MODELS). */
    readModels?: boolean;
    /** The schools held in memory answer searches too (PGlite; on PostgreSQL the database does). */
    heldSchoolSearches?: boolean;
    userSearchIndex?: false | { onBuilt?: (users: number, ms: number) => void };
  } = {},
) {
  const readModels = options.readModels ?? true;
  const countLimit = options.listExactCount;
  const usersSearch = new UsersSearchRepository(
    db,
    readModels
      ? keptUsersListReads(db, { countLimit, indexed: options.userSearchIndex })
      : sqlUsersListReads(db, { countLimit }),
  );
  const schools = readModels
    ? new KeptSchoolList(db, { searches: options.heldSchoolSearches ?? true })
    : new SchoolsRepository(db);
  const courses = readModels ? new KeptCourseList(db) : new CoursesRepository(db);
  const classes = readModels ? new KeptClassList(db) : new ClassesRepository(db);
  const materials = readModels ? new KeptMaterialList(db) : new MaterialsRepository(db);
  const heldLists = { classes, schools, courses, materials };
  let closed = false;
  let warmed = false;
  return {
    users: new UsersRepository(db),
    usersSearch,
    schools,
    roles: new RolesRepository(db),
    courses,
    classes,
    elements: new ElementsRepository(db),
    materials,
    quizzes: new QuizzesRepository(db),
    progress: readModels ? new KeptCourseProgress(db) : new ProgressRepository(db),
    scormReport: new ScormReportRepository(db),
    scormAttempts: new ScormAttemptsRepository(db),
    sessions: new SessionsRepository(db),
    tokens: new TokensRepository(db),
    outbox: new OutboxRepository(db),
    secrets: new SecretsRepository(db),
    recycleBin: new RecycleBinRepository(db),
    courseDeletions: new CourseDeletionsRepository(db),
    deletionImpact: new DeletionImpactRepository(db),
    audit: new AuditRepository(db),
    recordVersions: new RecordVersionsRepository(),
    /**
     * Builds the users' search index, then loads the lists held in memory one after another (all
     * at once, they would take every connection of a small pool); meant to run in the background.
     */
    warm: async (failed: (list: string, error: unknown) => void): Promise<void> => {
      const step = async (name: string, ready: () => Promise<boolean>) => {
        if (!closed) await ready().catch((error: unknown) => closed || failed(name, error));
      };
      await step("users", () => usersSearch.indexReady());
      for (const [name, list] of Object.entries(heldLists)) {
        await step(name, () => list.memoryReady());
      }
      warmed = !closed;
    },
    /** Whether `warm` has built the index and loaded the lists (tried to, at least). */
    warmed: (): boolean => warmed,
    /** Stops the index's build and the lists' loads (not waited for: see ListMemory.close). */
    close: (): void => {
      closed = true;
      usersSearch.close();
      for (const list of Object.values(heldLists)) list.close();
    },
    /** One transaction over several repositories. */
    transaction: <T>(work: (tx: Tx) => Promise<T>): Promise<T> => db.transaction(work),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
