import { Anchor, Badge, Drawer, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLang } from '@/i18n/use-lang';
import { useLoan } from './loans-queries';
import { formatTime } from '@/lib/format';

/** One loan: its terms, officers and where it stands, with the way to its node page. */
export function LoanDetailDrawer({ loanId, onClose }: { loanId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const detail = useLoan(loanId);
  const d = detail.data;
  const item = (key: string, value: ReactNode) => (
    <div key={key}>
      <Text size="xs" c="dimmed">
        {t(`loans.detail.${key}` as never)}
      </Text>
      <Text size="sm" component="div">
        {value === null || value === undefined || value === '' ? t('loans.none') : value}
      </Text>
    </div>
  );
  return (
    <Drawer opened={loanId !== null} onClose={onClose} position="right" size="lg" title={t('loans.detailTitle')}>
      {!d ? (
        detail.isError ? null : (
          <Loader size="sm" />
        )
      ) : (
        <Stack data-testid="loan-detail">
          <SimpleGrid cols={2} spacing="sm">
            {item('company', d.companyName)}
            {item('creditCode', d.creditCode)}
            {item('amount', d.currentAmount.toLocaleString())}
            {item('initialAmount', d.amount.toLocaleString())}
            {item('term', d.termMonths)}
            {d.disbursedOn && item('disbursedOn', d.disbursedOn)}
            {d.disbursedAmountFen !== null && item('disbursedAmount', (d.disbursedAmountFen / 100).toLocaleString(undefined, { minimumFractionDigits: 2 }))}
            {item('bank', d.bank)}
            {item('loanType', d.loanType)}
            {item('stage', d.workflow.statusLabels.stage[lang])}
            {item('status', <Badge variant="light">{d.workflow.statusLabels.status[lang]}</Badge>)}
            {item('step', d.workflow.statusLabels.step[lang])}
            {item('aPost', d.aPostOfficerName)}
            {item('bPost', d.bPostOfficerName)}
            {item('createdBy', d.createdByName)}
            {item('createdAt', formatTime(d.createdAt))}
          </SimpleGrid>
          <Anchor component={Link} to={`/company/node/${d.id}`} size="sm">
            {t('loans.detail.openNode')}
          </Anchor>
        </Stack>
      )}
    </Drawer>
  );
}
