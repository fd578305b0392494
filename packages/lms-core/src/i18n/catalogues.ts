import type { Lang } from "../constants";
import { es, type Catalogue } from "./es";
import { tg } from "./tg";
import { zh } from "./zh";

/** Every catalogue, loaded at once: for servers, tests and tools. */
export const CATALOGUES: Record<Lang, Catalogue> = { es, zh, tg };
