/** The person's calendar day as `YYYY-MM-DD` (daily budgets reset at local midnight). */
export function localDay(t: number | Date): string {
  const d = new Date(t);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
