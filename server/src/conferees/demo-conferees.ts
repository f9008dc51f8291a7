import type { EntityManager } from 'typeorm';

/** Demo attendee pool: zb1-3 for the general office, bs1-3 for the review committee. */
export async function seedDemoConferees(em: EntityManager, ids: Record<string, string>, adminId: string): Promise<void> {
  const pool: [string, 'ZB' | 'BS'][] = [
    ['zb1', 'ZB'],
    ['zb2', 'ZB'],
    ['zb3', 'ZB'],
    ['bs1', 'BS'],
    ['bs2', 'BS'],
    ['bs3', 'BS'],
  ];
  for (const [username, kind] of pool) {
    if (!ids[username]) continue;
    await em.query(`INSERT INTO conferee (user_id, meeting_kinds, created_by) VALUES ($1, $2::varchar[], $3) ON CONFLICT DO NOTHING`, [
      ids[username],
      [kind],
      adminId,
    ]);
  }
}
