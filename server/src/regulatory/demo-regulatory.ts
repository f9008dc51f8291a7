import type { EntityManager } from 'typeorm';

/** Demo companies classed small/micro (their balance weighs 75% up to 5 million yuan in force). */
const DEMO_SMALL_MICRO = ['上海数创文化传媒有限公司', '上海云启软件股份有限公司', '上海海港物流装备有限公司'];
/** A demo related-company group: the robot maker and the materials company share a parent. */
const DEMO_GROUP = { name: '上海智造控股集团', members: ['上海智造机器人有限公司', '上海新材科技发展有限公司'] };

/** The regulatory register of the demo data: a few client classes and one related group, so the overview shows each part. */
export async function seedDemoRegulatory(em: EntityManager, adminId: string): Promise<void> {
  await em.query(
    `INSERT INTO regulatory_client_class (company_id, small_micro, updated_by)
     SELECT id, true, $2 FROM company WHERE name = ANY($1) AND deleted_at IS NULL ON CONFLICT (company_id) DO NOTHING`,
    [DEMO_SMALL_MICRO, adminId],
  );
  const [group] = await em.query(`INSERT INTO related_group (name, created_by) VALUES ($1, $2) RETURNING id`, [DEMO_GROUP.name, adminId]);
  await em.query(
    `INSERT INTO related_group_member (company_id, group_id, added_by)
     SELECT id, $2, $3 FROM company WHERE name = ANY($1) AND deleted_at IS NULL ON CONFLICT (company_id) DO NOTHING`,
    [DEMO_GROUP.members, group.id, adminId],
  );
}
