/** Extra conditions of the audit list: a part of the actor's name and a time range. */
export interface AuditRange {
  actor: string;
  /** Inclusive. */
  from: Date | null;
  /** Exclusive when `toExclusive`, else inclusive. */
  to: Date | null;
  toExclusive: boolean;
}
