import { Injectable, Logger } from '@nestjs/common';
import * as engine from '@app/workflow';
import { DataSource } from 'typeorm';
import { HandlesJobs, type JobHandler } from '../jobs/job-registry';
import type { JobPayloads } from '../jobs/queues';
import type { Lang } from '../common/i18n';
import { messageLang } from '../messages/todo-text';

const TEXT = {
  'zh-CN': {
    title: (company: string) => `风险预警：${company}`,
    content: (round: number, from: string, to: string, reason: string) => `第${round}轮保后走访将风险分类由「${from}」下调为「${to}」。原因：${reason}`,
  },
  en: {
    title: (company: string) => `Risk warning: ${company}`,
    content: (round: number, from: string, to: string, reason: string) =>
      `Visit round ${round} downgraded the risk classification from "${from}" to "${to}". Reason: ${reason}`,
  },
} as const satisfies Record<Lang, unknown>;

const word = (value: engine.RiskClassification, lang: Lang) =>
  lang === 'en' ? engine.RISK_CLASSIFICATION_LABELS[value].en : engine.RISK_CLASSIFICATION_LABELS[value].zh;

/**
 * A visit report that downgraded a loan to substandard or worse (as its visit_record says): every
 * leader (who may approve visit reports) gets one message in their language. The message key
 * (loan + event seq) makes a redelivered job add nothing.
 */
@Injectable()
@HandlesJobs('notifyRiskDowngrade')
export class RiskDowngradeHandler implements JobHandler<'notifyRiskDowngrade'> {
  private readonly logger = new Logger(RiskDowngradeHandler.name);

  constructor(private readonly db: DataSource) {}

  async handle(e: JobPayloads['notifyRiskDowngrade']): Promise<{ notified: number }> {
    const [record] = await this.db.query(
      `SELECT v.round, v.classification, v.previous_classification AS previous, v.reason, c.name AS company
         FROM visit_record v JOIN loan l ON l.id = v.loan_id JOIN company c ON c.id = l.company_id
        WHERE v.loan_id = $1 AND v.seq = $2 AND v.downgraded`,
      [e.loanId, e.seq],
    );
    if (!record) return { notified: 0 };
    const leaders: { id: string; language: string; roles: string[]; permissions: string[] }[] = await this.db.query(
      `SELECT u.id, u.language,
              COALESCE((SELECT array_agg(r.code) FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles,
              COALESCE((SELECT array_agg(DISTINCT rp.permission_key) FROM user_role ur JOIN role_permission rp ON rp.role_id = ur.role_id
                        WHERE ur.user_id = u.id), '{}') AS permissions
         FROM app_user u WHERE NOT u.disabled AND u.id <> $1`,
      [e.actorId],
    );
    let notified = 0;
    for (const u of leaders) {
      if (engine.isAdminHolder(u)) continue; // administrators are not the leaders of the pipeline
      if (!engine.holdsPermission({ roles: u.roles, authorityList: u.permissions }, 'sys:after-leader:approve')) continue;
      const lang = messageLang(u.language);
      const text = TEXT[lang];
      const from = word(record.previous ?? 'NORMAL', lang);
      const inserted = await this.db.query(
        `INSERT INTO message (user_id, title, content, type, source_key, link) VALUES ($1, $2, $3, 'RISK', $4, $5)
         ON CONFLICT (user_id, source_key) WHERE source_key IS NOT NULL DO NOTHING RETURNING id`,
        [
          u.id,
          text.title(record.company),
          text.content(record.round, from, word(record.classification, lang), record.reason ?? ''),
          `risk:${e.loanId}:${e.seq}`,
          `/company/node/${e.loanId}`,
        ],
      );
      notified += inserted.length;
    }
    this.logger.log(`loan ${e.loanId} #${e.seq}: ${notified} risk downgrade messages`);
    return { notified };
  }
}
