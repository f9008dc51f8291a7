import { Button, Card, Group, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fetchLoanRows } from '@/features/loan-list/loan-list-api';
import { useHolds } from '@/features/premium-collateral/use-holds';
import { formatAmount } from '@/lib/format';
import { ledgerPagePath } from './ledger-attachments-api';

/**
 * 选择贷款 on the ledger list: find a loan of the ledger by its company and open its ledger page
 * (edit mode for those who may change its attachments, view mode otherwise).
 */
export function LedgerLoanPicker() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const maySelect = useHolds('sys:ledger:select-loan');
  const mayEdit = useHolds('sys:attachment:add-report', 'sys:attachment:reupload', 'sys:ledger:upload-repayment');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [chosen, setChosen] = useState<string | null>(null);
  const rows = useQuery({
    queryKey: ['ledger-picker', debounced],
    queryFn: () => fetchLoanRows('ledgerList', { pageNum: 1, pageSize: 20, companyName: debounced || undefined }),
    enabled: maySelect,
  });
  if (!maySelect) return null;
  const options = (rows.data?.list ?? []).map((r) => ({ value: r.id, label: `${r.companyName} · ${formatAmount(r.amount)}` }));
  return (
    <Card withBorder radius="md" padding="md" mx="md" mt="md" data-testid="ledger-loan-picker">
      <Group gap="sm" align="flex-end">
        <Text size="sm" fw={600}>
          {t('ledgerAttachments.selectLoan')}
        </Text>
        <Select
          searchable
          clearable
          w={360}
          data={options}
          value={chosen}
          onChange={setChosen}
          searchValue={search}
          onSearchChange={setSearch}
          placeholder={t('ledgerAttachments.selectLoanPlaceholder')}
          nothingFoundMessage="—"
          data-testid="ledger-loan-select"
          filter={({ options: all }) => all}
        />
        <Button
          size="sm"
          disabled={!chosen}
          data-testid="ledger-loan-open"
          onClick={() => chosen && void navigate(ledgerPagePath(chosen, mayEdit ? 'edit' : 'view'))}
        >
          {t('ledgerAttachments.open')}
        </Button>
      </Group>
    </Card>
  );
}
