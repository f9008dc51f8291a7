import { Injectable, Logger } from '@nestjs/common';
import * as engine from '@app/workflow';
import { DataSource } from 'typeorm';
import { HandlesJobs, type JobHandler } from '../jobs/job-registry';
import type { JobPayloads } from '../jobs/queues';
import { fillLabel, type Lang } from '../common/i18n';
import { messageLang } from '../messages/todo-text';
import { downgradeRecord, enabledUsersWithKeys, insertRiskMessage } from './visits.repository';

const TEXT = {
  title: { zh: '风险预警：{company}', en: 'Risk warning: {company}' },
  content: {
    zh: '第{round}轮保后走访将风险分类由「{from}」下调为「{to}」。原因：{reason}',
    en: 'Visit round {round} downgraded the risk classification from "{from}" to "{to}". Reason: {reason}',
  },
} as const satisfies Record<string, engine.Label>;

/** The downgrade message's words, in the recipient's language. */
export function riskDowngradeText(
  lang: Lang,
  record: { company: string; round: number; previous: engine.RiskClassification | null; classification: engine.RiskClassification; reason: string | null },
): { title: string; content: string } {
  return {
    title: fillLabel(TEXT.title, lang, { company: record.company }),
    content: fillLabel(TEXT.content, lang, {
      round: record.round,
      from: engine.RISK_CLASSIFICATION_LABELS[record.previous ?? 'NORMAL'],
      to: engine.RISK_CLASSIFICATION_LABELS[record.classification],
      reason: record.reason ?? '',
    }),
  };
}

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
    const record = await downgradeRecord(this.db, e.loanId, e.seq);
    if (!record) return { notified: 0 };
    const leaders = await enabledUsersWithKeys(this.db, e.actorId);
    let notified = 0;
    for (const u of leaders) {
      if (engine.isAdminHolder(u)) continue; // administrators are not the leaders of the pipeline
      if (!engine.holdsPermission({ roles: u.roles, authorityList: u.permissions }, 'sys:after-leader:approve')) continue;
      const lang = messageLang(u.language);
      const inserted = await insertRiskMessage(this.db, {
        userId: u.id,
        ...riskDowngradeText(lang, record),
        sourceKey: `risk:${e.loanId}:${e.seq}`,
        link: `/company/node/${e.loanId}`,
      });
      notified += inserted.length;
    }
    this.logger.log(`loan ${e.loanId} #${e.seq}: ${notified} risk downgrade messages`);
    return { notified };
  }
}
