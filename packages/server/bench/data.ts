/** The benchmark's data set: 100,000 users in 1,000 schools with Filipino names, and the searches run on it. */
import { sql } from "drizzle-orm";
import { loadConfig } from "../src/config";
import { prepareDatabase } from "../src/server";

export const USERS = Number(process.env.LMS_BENCH_USERS ?? 100_000);
export const SCHOOLS = Number(process.env.LMS_BENCH_SCHOOLS ?? 1_000);

export const FIRST = [
  "Maria",
  "Jose",
  "Juan",
  "Ana",
  "Mark",
  "Angel",
  "Rosa",
  "Carlo",
  "Liza",
  "Paolo",
  "Grace",
  "Miguel",
  "Joy",
  "Ramon",
  "Bea",
  "Nico",
  "Andrea",
  "Kristine",
  "Jerome",
  "Patricia",
  "Rafael",
  "Camille",
  "Francis",
  "Bianca",
  "Gabriel",
  "Nicole",
  "Adrian",
  "Jasmine",
  "Daniel",
  "Erika",
  "Vincent",
  "Aileen",
  "Christian",
  "Hazel",
  "Dominic",
  "Trisha",
  "Emmanuel",
  "Lorraine",
  "Jericho",
  "Shiela",
];
/** Surnames are built from two parts, so that 100,000 users have some 2,400 surnames. */
export const LAST_START = [
  "Santa",
  "Dela",
  "De",
  "San",
  "Villa",
  "Del",
  "Mar",
  "Cas",
  "Bau",
  "Men",
  "Agui",
  "Nava",
  "Sala",
  "Mer",
  "Oca",
  "Ri",
  "Fer",
  "Tor",
  "Gon",
  "Lo",
  "Pa",
  "Qui",
  "Ro",
  "Ba",
  "Ca",
  "Da",
  "Ga",
  "Ma",
  "Na",
  "Ta",
  "Va",
  "Ya",
  "Za",
  "Bi",
  "Di",
  "Li",
  "Mi",
  "Ni",
  "Pi",
  "Ti",
];
export const LAST_END = [
  "cruz",
  "nueva",
  "ramos",
  "tista",
  "doza",
  "lar",
  "rro",
  "zar",
  "cado",
  "campo",
  "vera",
  "nandez",
  "res",
  "zales",
  "pez",
  "dilla",
  "rino",
  "mero",
  "utista",
  "rcia",
  "sas",
  "ngco",
  "guel",
  "quez",
  "nio",
  "lona",
  "rdo",
  "bal",
  "nte",
  "llo",
  "rado",
  "nito",
  "gas",
  "llas",
  "ñez",
  "gal",
  "to",
  "ra",
  "na",
  "sa",
  "dez",
  "ron",
  "lin",
  "cion",
  "mos",
  "tes",
  "var",
  "des",
  "gues",
  "rez",
  "tos",
  "cio",
  "mar",
  "tan",
  "pin",
  "rin",
  "lan",
  "nal",
  "sal",
  "dal",
];
export const SEARCHES = [
  "san",
  "cruz",
  "dela",
  "mendo",
  "nueva",
  "maria",
  "jose",
  "rivera",
  "user12",
  "navar",
  "ana",
  "ramos",
  "vill",
  "gabriel",
  "lopez",
  "dez",
];

/**
 * Searches of three letters taken from the names, none of them in SEARCHES: every one is new to
 * the server, so none is answered from what an earlier request kept.
 */
export function freshSearches(count = 200): string[] {
  const seen = new Set(SEARCHES);
  const terms: string[] = [];
  for (const name of [...LAST_START, ...FIRST, ...LAST_END]) {
    const lower = name.toLowerCase();
    for (let i = 0; i + 3 <= lower.length && terms.length < count; i++) {
      const term = lower.slice(i, i + 3);
      if (!/^[a-z]{3}$/.test(term) || seen.has(term)) continue;
      seen.add(term);
      terms.push(term);
    }
  }
  return terms;
}

/** Fills the database with schools and users in a few statements. */
export async function populate(databaseUrl: string | null, dataDir: string): Promise<number> {
  const started = Date.now();
  const config = { ...loadConfig({}), databaseUrl, dataDir, seedDemo: true };
  const { database } = await prepareDatabase(config);
  const db = database.db;
  const first = `(array[${FIRST.map((n) => `'${n}'`).join(",")}])`;
  const start = `(array[${LAST_START.map((n) => `'${n}'`).join(",")}])`;
  const end = `(array[${LAST_END.map((n) => `'${n}'`).join(",")}])`;
  await db.execute(
    sql.raw(`insert into schools (school_code, school_name, city, province, region, country, created_by)
      select 'B' || lpad(i::text, 5, '0'), 'Bench School ' || i, 'City ' || (i % 80), 'Province ' || (i % 40),
             'Region ' || (i % 17), 'Philippines', 'bench'
        from generate_series(1, ${SCHOOLS}) i`),
  );
  const [{ min } = { min: 3 }] = (
    (await db.execute(
      sql`select min(id)::int as min from schools where created_by = 'bench'`,
    )) as unknown as {
      rows: { min: number }[];
    }
  ).rows;
  const batch = 20_000;
  for (let from = 1; from <= USERS; from += batch) {
    const to = Math.min(USERS, from + batch - 1);
    await db.execute(
      sql.raw(`insert into users (first_name, last_name, user_name, email, role_id, school_id, status,
                                  registered, grade, section, learning_reference_number, created_by, created_at)
        select ${first}[1 + ((i * 7919) % 104729) % ${FIRST.length}],
               ${start}[1 + ((i * 6151) % 99991) % ${LAST_START.length}]
                 || ${end}[1 + ((i * 3571) % 65537) % ${LAST_END.length}],
               'user' || i, 'user' || i || '@bench.test', 5, ${min} + (i % ${SCHOOLS}), 0, 0,
               1 + (i % 12), 'S' || (i % 5), lpad(i::text, 12, '0'), 'bench',
               now() - (i || ' seconds')::interval
          from generate_series(${from}, ${to}) i`),
    );
  }
  await db.execute(sql`analyze`);
  await database.close();
  return (Date.now() - started) / 1000;
}
