import { Button, Group, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { showSuccessToast } from '@/api/feedback';
import { ApiError } from '@/api/http';
import { pick, useLang } from '@/i18n/use-lang';
import { formatAmount } from '@/lib/format';
import type { ServerLegalAction } from '@/features/loan-node/loan-node-api';
import { useCan } from '@/features/permissions/Can';
import type { ListConfig } from './list-configs';
import type { LoanRow } from './loan-list-api';
import { useCopyLoan, useDeleteLoan, useDisbursementReminder } from './loan-list-queries';
import type { WindowOpen } from './use-window-open';

interface Props {
  row: LoanRow;
  config: ListConfig;
  /** `${loanId}:${event}` of the action whose workflow view is being fetched. */
  opening: string | null;
  onAction: (row: LoanRow, legal: ServerLegalAction) => void;
  /** The disbursement reminder is offered (the list's and the user's); the machine's window decides when it is enabled. */
  mayRemind: boolean;
  windowOpen: WindowOpen | null;
  onDetail: (loanId: string) => void;
  onResolution: (row: LoanRow) => void;
}

/**
 * A row's actions: the machine's legal actions the server sent for this user, the disbursement
 * reminder, delete, and under "more" the detail drawer, the resolutions, copy and the list's links.
 */
export function LoanRowActions({ row: r, config, opening, onAction, mayRemind, windowOpen, onDetail, onResolution }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const deletion = useDeleteLoan();
  const reminder = useDisbursementReminder();

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('loans.deleteTitle'),
      centered: true,
      children: <Text size="sm">{t('loans.deleteConfirm', { company: r.companyName, amount: formatAmount(r.amount) })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        await deletion.mutateAsync(r.id);
        showSuccessToast(t('loans.deleted'));
      },
    });

  // The disbursement reminder: the permission here, the loan's state by the machine's window (as the server checks).
  const remind = async () => {
    try {
      const sent = await reminder.mutateAsync(r.id);
      showSuccessToast(t(sent.created ? 'loans.reminded' : 'loans.remindedAlready', { name: sent.recipient.name }));
    } catch (error) {
      // The HTTP client has already told the user (toast).
      if (!(error instanceof ApiError)) throw error;
    }
  };

  return (
    <Group gap={6} data-testid="row-actions">
      {r.workflow.legalActions.map((legal) => (
        <Button
          key={legal.type}
          size="compact-xs"
          variant={/(DISCONTINUE|REJECT|RETURN)/.test(legal.type) ? 'light' : 'filled'}
          color={/DISCONTINUE/.test(legal.type) ? 'red' : /(REJECT|RETURN)/.test(legal.type) ? 'orange' : undefined}
          data-testid="row-action"
          data-action={legal.type}
          loading={opening === `${r.id}:${legal.type}`}
          onClick={() => onAction(r, legal)}
        >
          {pick(legal.label, lang)}
        </Button>
      ))}
      {mayRemind && (
        <Button
          size="compact-xs"
          variant="light"
          data-testid="row-remind"
          disabled={!windowOpen?.('DISBURSEMENT_REMINDER', { value: r.workflow.state })}
          loading={reminder.isPending}
          onClick={() => void remind()}
        >
          {t('loans.remind')}
        </Button>
      )}
      {r.deletable && (
        <Button size="compact-xs" variant="subtle" color="red" data-testid="row-delete" onClick={confirmDelete}>
          {t('loans.delete')}
        </Button>
      )}
      <RowMoreMenu row={r} config={config} onDetail={onDetail} onResolution={onResolution} />
    </Group>
  );
}

/** Under "more": the detail drawer, the resolutions, copy as a new application, and the list's links. */
function RowMoreMenu({ row: r, config, onDetail, onResolution }: Pick<Props, 'row' | 'config' | 'onDetail' | 'onResolution'>) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const copying = useCopyLoan();
  // Links and the detail drawer depend on the user only, not on the row.
  const shown = config.links.filter((link) => can(link.perms));
  const detail = config.detailPerms !== null && can(config.detailPerms);
  // Copying starts a new application: offered on the loan list, to holders of sys:loan:copy.
  const copyable = config.loanList === true && can(['sys:loan:copy']);

  const confirmCopy = () =>
    modals.openConfirmModal({
      title: t('loans.copyTitle'),
      centered: true,
      children: <Text size="sm">{t('loans.copyConfirm', { company: r.companyName })}</Text>,
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      onConfirm: async () => {
        const copy = await copying.mutateAsync(r.id);
        showSuccessToast(t('loans.copied'));
        void navigate(`/company/node/${copy.id}`);
      },
    });

  if (!(shown.length > 0 || detail || copyable || config.resolution)) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-xs" variant="default" rightSection={<IconChevronDown size={12} />} data-testid="row-more">
          {t('loans.more')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {detail && <Menu.Item onClick={() => onDetail(r.id)}>{t('loans.links.detail')}</Menu.Item>}
        {config.resolution && <Menu.Item onClick={() => onResolution(r)}>{t('loans.links.resolution')}</Menu.Item>}
        {copyable && (
          <Menu.Item data-testid="row-copy" onClick={confirmCopy}>
            {t('loans.copy')}
          </Menu.Item>
        )}
        {shown.map((link) => (
          <Menu.Item key={link.key} component={Link} to={link.to(r.id)}>
            {t(`loans.links.${link.key}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
