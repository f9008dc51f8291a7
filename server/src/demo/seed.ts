import { seedDemoCustody } from './demo-custody';
import { Logger } from '@nestjs/common';
import { DEFAULT_OVERDUE_BUCKETS, ROLE_ADMIN, ROLE_USER } from '@app/workflow';
import { DataSource, EntityManager } from 'typeorm';
import type { AppConfig } from '../config/config';
import { hashPassword } from '../auth/password';
import { seedDemoBasicData } from '../basic-data/demo-basic-data';
import { FileStorage } from '../files/file-storage';
import { seedDemoConferees } from '../conferees/demo-conferees';
import { seedDemoLoanData } from '../loan-data/demo-data';
import { demoTemplateBanks, seedDemoLoans } from './demo-loans';
import { closeOverdue } from '../close-of-business/close-of-business.repository';
import { companyDay } from '../common/company-time';
import { seedDemoMeetings } from './demo-meetings';
import { DEMO_USERS } from './demo-users';
import { seedDemoRegulatory } from '../regulatory/demo-regulatory';
import { NOTICES } from '../messages/notices';

const SEED_LOCK = 7_463_002;
const logger = new Logger('Seed');

async function createUser(em: EntityManager, username: string, nickname: string, passwordHash: string, roles: string[]): Promise<string> {
  const [{ id }] = await em.query(`INSERT INTO app_user (username, nickname, password_hash) VALUES ($1, $2, $3) RETURNING id`, [
    username,
    nickname,
    passwordHash,
  ]);
  await em.query(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE code = ANY($2)`, [id, roles]);
  return id;
}

/**
 * First start only (no user yet): demo mode loads one account per post and some messages; otherwise,
 * when ADMIN_PASSWORD is given, the single administrator `admin`. Never touches a database with users.
 */
export async function seedIfEmpty(db: DataSource, config: AppConfig): Promise<'demo' | 'admin' | 'none'> {
  return db.transaction(async (em) => {
    await em.query(`SELECT pg_advisory_xact_lock($1)`, [SEED_LOCK]);
    const [{ n }] = await em.query(`SELECT count(*)::int AS n FROM app_user`);
    if (n > 0) return 'none';
    if (config.demoMode) {
      const hash = await hashPassword(config.demoPassword);
      const ids: Record<string, string> = {};
      for (const u of DEMO_USERS) {
        const id = await createUser(em, u.username, u.nickname, hash, u.roles);
        ids[u.username] = id;
        await em.query(
          // Notices by key: each reader sees them in the page's language (messages/notices.ts).
          `INSERT INTO message (user_id, title, content, type, source_key, created_at, read_at) VALUES
             ($1, $2, $3, 'NOTICE', 'notice:demo-welcome', now() - interval '2 days', now() - interval '1 day'),
             ($1, $4, $5, 'NOTICE', 'notice:complete-profile', now() - interval '1 hour', NULL)`,
          [
            id,
            NOTICES['notice:demo-welcome'].title.zh,
            NOTICES['notice:demo-welcome'].content.zh,
            NOTICES['notice:complete-profile'].title.zh,
            NOTICES['notice:complete-profile'].content.zh,
          ],
        );
      }
      const people = {
        apost: ids.apost,
        bpost: ids.bpost,
        admin: ids.admin,
        prereview: ids.prereview,
        leader: ids.leader,
        finance: ids.finance,
        zb: [ids.zb1, ids.zb2, ids.zb3],
        bs: [ids.bs1, ids.bs2, ids.bs3],
      };
      const storage = new FileStorage(db, config);
      // banks and their templates first: the demo loans' contracts and letters are filled from them
      await seedDemoBasicData(em, storage, ids.admin, demoTemplateBanks());
      const loans = await seedDemoLoans(em, people, storage);
      const meetings = await seedDemoMeetings(em, people, loans);
      await seedDemoConferees(em, ids, ids.admin);
      await seedDemoLoanData(em, ids.apost, ids.bpost);
      await seedDemoRegulatory(em, ids.admin);
      // certificates in the vault (one lent and overdue), so that the custody page is not empty
      await seedDemoCustody(em, { apost: ids.apost, finance: ids.finance });
      // today's days past due, as the nightly close of business would have left them (the overdue list shows them at once)
      await closeOverdue(em, companyDay(new Date()), DEFAULT_OVERDUE_BUCKETS);
      logger.log(`loaded demo data: ${DEMO_USERS.length} accounts, ${loans + meetings} loans, ${meetings} meetings`);
      return 'demo';
    }
    if (config.adminPassword) {
      await createUser(em, 'admin', '系统管理员', await hashPassword(config.adminPassword), [ROLE_ADMIN, ROLE_USER]);
      logger.log('created the administrator account admin');
      return 'admin';
    }
    return 'none';
  });
}
