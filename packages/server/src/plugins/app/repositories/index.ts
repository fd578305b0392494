import type { Db, Tx } from "../../../db/client";
import { AuditRepository } from "./audit-repository";
import { KeptClassList } from "../../../read-models/list-memory/kept-class-list";
import { KeptCourseList } from "../../../read-models/list-memory/kept-course-list";
import { KeptMaterialList } from "../../../read-models/list-memory/kept-material-list";
import { KeptSchoolList } from "../../../read-models/list-memory/kept-school-list";
import { ClassesRepository } from "./classes-repository";
import { CourseDeletionsRepository } from "./course-deletions-repository";
import { CoursesRepository } from "./courses-repository";
import { DeletionImpactRepository } from "./deletion-impact-repository";
import { ElementsRepository } from "./elements-repository";
import { MaterialsRepository } from "./materials-repository";
import { OutboxRepository } from "./outbox-repository";
import { ProgressRepository } from "./progress-repository";
import { QuizzesRepository } from "./quizzes-repository";
import { RecycleBinRepository } from "./recycle-bin-repository";
import { RolesRepository } from "./roles-repository";
import { SchoolsRepository } from "./schools-repository";
import { ScormReportRepository } from "./scorm-report-repository";
import { ScormAttemptsRepository } from "./scorm-attempts-repository";
import { SecretsRepository } from "./secrets-repository";
import { SessionsRepository } from "./sessions-repository";
import { TokensRepository } from "./tokens-repository";
import { UsersRepository } from "./users-repository";
import { UsersSearchRepository } from "./users-search-repository";

/** Every repository: the only way handlers reach the database (STYLE.md "server"). */
export function createRepositories(
  db: Db,
  options: {
    listExactCount?: number;
    /** Off, no read model is kept: every read goes to the database (LMS_READ_MODELS). */
    readModels?: boolean;
    userSearchIndex?: false | { onBuilt?: (users: number, ms: number) => void };
  } = {},
) {
  const readModels = options.readModels ?? true;
  const usersSearch = new UsersSearchRepository(
    db,
    options.listExactCount,
    undefined,
    options.userSearchIndex,
    readModels,
  );
  const schools = readModels ? new KeptSchoolList(db) : new SchoolsRepository(db);
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
    progress: new ProgressRepository(db, readModels),
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
