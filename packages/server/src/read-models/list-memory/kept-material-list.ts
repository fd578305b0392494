import type { ListFilter, MaterialRecord } from "@lms/core";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { courseElements, materials } from "../../db/schema";
import type { JsonText } from "../../lib/json-text";
import type { ListInput } from "../../lib/list";
import { courseAccess } from "../../plugins/app/repositories/courses-repository";
import {
  elementJoin,
  listedColumns,
  MaterialsRepository,
  materialsListSpec,
  sourceOrder,
  type ListedRow,
  type MaterialSource,
  type MaterialVisibility,
} from "../../plugins/app/repositories/materials-repository";
import { toMaterialRecord } from "../../services/material-records";
import { VersionedPages } from "../versioned-cache/versioned-pages";
import { HeldList } from "./held-list";
import { fieldColumns, specOrderName, specOrders, type MemoryListSource } from "./list-memory";

/**
 * Whether a source and visibility list every material (the repository's conditions add none):
 * every course's, seen and edited by a global user. Such a list without filters is answered from
 * the materials held in memory.
 */
function listsEveryMaterial(from: MaterialSource, visibility: MaterialVisibility): boolean {
  return (
    "viewer" in from &&
    courseAccess(from.viewer, "view") === undefined &&
    visibility !== "published" &&
    courseAccess(visibility.editor, "modify") === undefined
  );
}

/** A held material's record, as the list answers it (no content). */
const heldMaterialRecord = (row: ListedRow) => toMaterialRecord(row);

/**
 * The materials' repository with its read models in front (LMS_READ_MODELS on, wired by
 * createRepositories): a page of every material (a global user's, without filters) from the
 * materials held in memory (HeldList) while they are current, else the repository's SQL with the
 * totals kept per version of the tables they read (VersionedPages).
 */
export class KeptMaterialList extends MaterialsRepository {
  private readonly held;

  /** @param options.inMemory the materials are held in memory (tests turn it off) */
  constructor(db: Db, { inMemory = true }: { inMemory?: boolean } = {}) {
    super(db, new VersionedPages(db));
    const journey = sql.join(
      sourceOrder({ page: 1, rowsPerPage: 1, search: "", sortOrder: "asc" }),
      sql`, `,
    );
    const source: MemoryListSource = {
      // Every material's row and its element's position (journey order); no course's.
      tables: ["materials", "course_elements"],
      columns: fieldColumns(listedColumns, ["lastModified"]),
      from: sql`${materials} join ${courseElements} on ${elementJoin.on}`,
      searchText: materialsListSpec.search as SQL,
      school: sql`null::int`,
      // Without a sort column, journey order either way (the sort order does not turn it).
      orders: new Map([
        ...specOrders(materialsListSpec),
        [":asc", journey],
        [":desc", { of: ":asc", backwards: false }],
      ]),
      dates: ["lastModified"],
    };
    this.held = new HeldList<ListedRow>(db, source, inMemory);
  }

  override memoryReady(): Promise<boolean> {
    return this.held.ready();
  }

  override close(): void {
    this.held.close();
  }

  override async list(
    from: MaterialSource,
    input: ListInput,
    filters: ListFilter[],
    visibility: MaterialVisibility,
  ): Promise<{ rows: MaterialRecord[] | JsonText; total: number; fromMemory?: true }> {
    const held =
      filters.length === 0 &&
      listsEveryMaterial(from, visibility) &&
      (await this.held.pageOf(
        input,
        { schoolId: null, order: specOrderName(materialsListSpec, input) },
        heldMaterialRecord,
      ));
    return held || super.list(from, input, filters, visibility);
  }
}
