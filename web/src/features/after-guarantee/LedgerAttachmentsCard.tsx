import { Anchor, Badge, Button, Card, FileButton, Group, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { useHolds } from '@/features/premium-collateral/use-holds';
import { downloadFile } from '@/lib/download';
import { formatTime } from '@/lib/format';
import { ledgerAttachmentPath, type LedgerAttachment } from './after-guarantee-api';
import { useAddLedgerReport, useReuploadLedgerReport } from './after-guarantee-queries';

/** The ledger's attachments of one loan; while `open`, adding a report and re-uploading one to those who hold the keys. */
export function LedgerAttachmentsCard({ loanId, attachments, open }: { loanId: string; attachments: LedgerAttachment[]; open: boolean }) {
  const { t } = useTranslation();
  const mayAdd = useHolds('sys:attachment:add-report', 'sys:after-b:upload');
  const mayReupload = useHolds('sys:attachment:reupload');
  const [busy, setBusy] = useState<string | null>(null);
  const add = useAddLedgerReport(loanId);
  const reupload = useReuploadLedgerReport(loanId);

  const upload = async (key: string, work: () => Promise<unknown>, done: 'ledgerAttachments.reuploaded' | 'ledgerAttachments.reportAdded') => {
    setBusy(key);
    try {
      await work();
      showSuccessToast(t(done));
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setBusy(null);
    }
  };

  const attachmentRow = (a: LedgerAttachment) => (
    <Table.Tr key={a.id} data-testid="ledger-attachment" data-kind={a.kind}>
      <Table.Td>
        <Anchor
          size="sm"
          component="button"
          type="button"
          data-testid="ledger-attachment-view"
          onClick={() => void downloadFile(ledgerAttachmentPath(loanId, a.id), a.name)}
        >
          {a.name}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Badge size="sm" variant="light" color={a.kind === 'REPAYMENT_VOUCHER' ? 'green' : 'blue'}>
          {t(`ledgerAttachments.kinds.${a.kind}`)}
        </Badge>
      </Table.Td>
      <Table.Td>{a.instalmentSeq === null ? '—' : t('ledgerAttachments.instalment', { seq: a.instalmentSeq })}</Table.Td>
      <Table.Td>{a.uploadedByName ?? '—'}</Table.Td>
      <Table.Td>{formatTime(a.uploadedAt)}</Table.Td>
      <Table.Td>
        <Group gap={6}>
          <Button size="compact-xs" variant="subtle" onClick={() => void downloadFile(ledgerAttachmentPath(loanId, a.id), a.name)}>
            {t('ledgerAttachments.view')}
          </Button>
          {open && mayReupload && a.kind === 'AFTER_GUARANTEE' && (
            <FileButton
              onChange={(file) => file && void upload(a.id, () => reupload.mutateAsync({ attachmentId: a.id, file }), 'ledgerAttachments.reuploaded')}
            >
              {(props) => (
                <Button {...props} size="compact-xs" variant="light" loading={busy === a.id} disabled={busy !== null} data-testid="ledger-reupload">
                  {t('ledgerAttachments.reupload')}
                </Button>
              )}
            </FileButton>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="xs">
        <Title order={5}>{t('ledgerAttachments.attachments')}</Title>
        {open && mayAdd && (
          <FileButton onChange={(file) => file && void upload('add', () => add.mutateAsync(file), 'ledgerAttachments.reportAdded')}>
            {(props) => (
              <Button {...props} size="xs" loading={busy === 'add'} disabled={busy !== null} data-testid="ledger-add-report">
                {t('ledgerAttachments.addReport')}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {attachments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('ledgerAttachments.noAttachments')}
        </Text>
      ) : (
        <Table withRowBorders verticalSpacing={4} fz="sm" data-testid="ledger-attachments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ledgerAttachments.columns.name')}</Table.Th>
              <Table.Th>{t('ledgerAttachments.columns.kind')}</Table.Th>
              <Table.Th>{t('ledgerAttachments.columns.instalment')}</Table.Th>
              <Table.Th>{t('ledgerAttachments.columns.uploadedBy')}</Table.Th>
              <Table.Th>{t('ledgerAttachments.columns.uploadedAt')}</Table.Th>
              <Table.Th>{t('ledgerAttachments.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{attachments.map(attachmentRow)}</Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
