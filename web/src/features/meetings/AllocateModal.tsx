import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { VotingMeetingKind } from '@app/workflow';
import { useForm } from '@mantine/form';
import { AppDataTable } from '@/ui/AppDataTable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { pick, useLang } from '@/i18n/use-lang';
import { PAGE_SIZES } from './labels';
import { FormErrorAlert, useAppForm } from '@/lib/app-form';
import { formatAmount } from '@/lib/format';
import { CompensationMark } from './CompensationMark';
import type { Candidate } from './meetings-api';
import { useAllocate, useCandidates } from './meetings-queries';

/**
 * Chooses loans for the meeting among those the machine would accept (the server asks each loan's
 * machine), and allocates them all in one request: all or none.
 */
export function AllocateModal({
  kind,
  meeting,
  opened,
  onClose,
  onDone,
}: {
  kind: VotingMeetingKind;
  meeting: { id: string; title: string };
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('meetings.allocate.title', { title: meeting.title })} size="xl" centered>
      {opened && <Allocation kind={kind} meetingId={meeting.id} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

function Allocation({ kind, meetingId, onClose, onDone }: { kind: VotingMeetingKind; meetingId: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0]);
  const [company, setCompany] = useState('');
  // The company search is typed, then applied (it starts again from the first page).
  const search = useForm({ mode: 'controlled', initialValues: { company: '' } });
  const candidates = useCandidates(kind, meetingId, page, pageSize, company);
  const allocation = useAllocate(kind, meetingId);
  const { form, values, formError, submitting, onSubmit } = useAppForm<{ selected: Candidate[] }>({
    initialValues: { selected: [] },
    // The button needs a chosen loan; nothing else to check before the machines are asked.
    validate: () => ({}),
    submit: async (next) => {
      await allocation.mutateAsync(next.selected.map((c) => c.loanId));
      showSuccessToast(t('meetings.allocate.done', { n: next.selected.length }));
      onDone();
      onClose();
    },
    // A refusal (one loan the machine no longer accepts) allocated nothing: show the candidates as they now stand.
    onRefused: () => void candidates.refetch(),
  });
  const selected = values.selected;

  return (
    <Stack gap="sm" data-testid="allocate-form">
      <form
        onSubmit={search.onSubmit((next) => {
          setPage(1);
          setCompany(next.company.trim());
        })}
      >
        <Group gap="sm">
          <TextInput placeholder={t('meetings.allocate.search')} leftSection={<IconSearch size={16} />} {...search.getInputProps('company')} w={260} />
          <Button type="submit" variant="light">
            {t('common.search')}
          </Button>
        </Group>
      </form>
      <FormErrorAlert message={formError} />
      <AppDataTable<Candidate>
        minHeight={candidates.data?.list.length ? undefined : 150}
        fetching={candidates.isFetching}
        records={candidates.data?.list ?? []}
        idAccessor="loanId"
        customRowAttributes={(c) => ({ 'data-testid': 'candidate-row', 'data-loan-id': c.loanId })}
        selectedRecords={selected}
        onSelectedRecordsChange={(next) => form.setFieldValue('selected', next)}
        noRecordsText={t('meetings.allocate.empty')}
        totalRecords={candidates.data?.total ?? 0}
        recordsPerPage={pageSize}
        page={page}
        onPageChange={setPage}
        recordsPerPageOptions={PAGE_SIZES}
        onRecordsPerPageChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        columns={[
          {
            accessor: 'companyName',
            title: t('meetings.allocate.columns.company'),
            // the review committee also decides compensations awaiting their decision
            render: (c) => (
              <Stack gap={2}>
                <Text size="sm">{c.companyName}</Text>
                <CompensationMark totalFen={c.compensationTotalFen} />
              </Stack>
            ),
          },
          { accessor: 'amount', title: t('meetings.allocate.columns.amount'), textAlign: 'right', render: (c) => formatAmount(c.amount) },
          { accessor: 'termMonths', title: t('meetings.allocate.columns.term'), width: 90, render: (c) => t('meetings.detail.months', { n: c.termMonths }) },
          { accessor: 'bank', title: t('meetings.allocate.columns.bank') },
          { accessor: 'aPostOfficerName', title: t('meetings.allocate.columns.officer') },
          { accessor: 'step', title: t('meetings.allocate.columns.step'), render: (c) => pick(c.step, lang) },
        ]}
      />
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('meetings.allocate.selected', { n: selected.length })}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => onSubmit()} disabled={selected.length === 0} loading={submitting} data-testid="allocate-submit">
            {t('meetings.allocate.submit')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
