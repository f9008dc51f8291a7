import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import * as engine from '@app/workflow';
import { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { authorityList } from '../auth/auth-user';
import { JobName, QUEUES, WorkflowTransitioned } from '../jobs/queues';

/**
 * After a loan moves, everyone who can now act on it finds a message on their dashboard. The message
 * key (loan + sequence) makes a redelivered job add nothing.
 */
@Processor(QUEUES.notifications)
export class NotificationsProcessor extends WorkerHost {
  private readonly logger = new Logger(NotificationsProcessor.name);

  constructor(private readonly db: DataSource) {
    super();
  }

  async process(job: Job<WorkflowTransitioned, unknown, JobName>): Promise<{ notified: number }> {
    switch (job.name) {
      case 'workflow.transitioned':
        return this.transitioned(job.data);
      case 'purge-expired':
        return { notified: 0 };
    }
  }

  private async transitioned(e: WorkflowTransitioned): Promise<{ notified: number }> {
    const [instance] = await this.db.query(
      `SELECT i.snapshot, i.version, c.name AS company FROM workflow_instance i JOIN loan l ON l.id = i.loan_id JOIN company c ON c.id = l.company_id
        WHERE i.loan_id = $1`,
      [e.loanId],
    );
    // A later event has already moved the loan on: that event's job notifies instead.
    if (!instance || instance.version !== e.seq) return { notified: 0 };
    const users: { id: string; roles: string[]; permissions: string[] }[] = await this.db.query(
      `SELECT u.id,
              COALESCE((SELECT array_agg(r.code) FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id), '{}') AS roles,
              COALESCE((SELECT array_agg(DISTINCT rp.permission_key) FROM user_role ur JOIN role_permission rp ON rp.role_id = ur.role_id
                        WHERE ur.user_id = u.id), '{}') AS permissions
         FROM app_user u WHERE NOT u.disabled AND u.id <> $1`,
      [e.actorId],
    );
    const labels = engine.statusLabels(instance.snapshot);
    const status = `${labels.stage.zh} · ${labels.status.zh}`;
    let notified = 0;
    for (const u of users) {
      if (u.roles.includes('ROOT') || u.roles.includes('ROLE_ADMIN')) continue; // administrators are not the workers of the pipeline
      const actions = engine.legalActions(instance.snapshot, { id: u.id, roles: u.roles, authorityList: authorityList(u) });
      if (!actions.length) continue;
      const inserted = await this.db.query(
        `INSERT INTO message (user_id, title, content, type, source_key, link) VALUES ($1, $2, $3, 'TODO', $4, $5)
         ON CONFLICT (user_id, source_key) WHERE source_key IS NOT NULL DO NOTHING RETURNING id`,
        [u.id, `待办：${instance.company}`, `贷款已进入「${status}」，等待您处理。`, `wf:${e.loanId}:${e.seq}`, `/company/node/${e.loanId}`],
      );
      notified += inserted.length;
    }
    this.logger.log(`loan ${e.loanId} #${e.seq}: ${notified} to-do messages`);
    return { notified };
  }
}
