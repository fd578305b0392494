/** A route's id parameter as a record id, or null when it is not one (the page is then a 404). */
export function recordId(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
