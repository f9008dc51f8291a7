import { Anchor, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '@/lib/download';
import { ApiError } from '@/api/http';
import { pick, useLang } from '@/i18n/use-lang';
import { formatSize, formatTime } from '@/lib/format';
import { ATTACHMENT_KIND_LABELS, CONTRACT_TYPE_LABELS, isAttachmentKind, windowOpen } from '@app/workflow';
import { showSuccessToast } from '@/api/feedback';
import { useHolds } from '@/features/premium-collateral/use-holds';
import { documentFilePath } from '../loan-node-api';
import { useDocuments, useUploadLoanDocument } from '../loan-node-queries';

/** Uploads the panel still offers: the signed copy of the contract (no step stands on it; the steps' own files are uploaded in their dialogs). */
const PANEL_UPLOADS = ['SIGNED_CONTRACT'] as const;

/** A kind in words: the loan document kinds have their own texts, the archive kinds their shared labels. */
function useKindLabel() {
  const { t } = useTranslation();
  const lang = useLang();
  return (kind: string) =>
    isAttachmentKind(kind) ? pick(ATTACHMENT_KIND_LABELS[kind], lang) : String(t(`loanNode.documents.kinds.${kind}` as never, { defaultValue: kind } as never));
}

/**
 * Every file of the loan, grouped by kind (generated contracts and letters, signed copies, and whatever
 * was uploaded onto it: archive, counter-guarantee, vouchers, visit reports), each downloadable; hidden
 * from those who may not see the loan.
 */
export function DocumentsPanel({ loanId, version, state }: { loanId: string; version: number; state?: unknown }) {
  const { t } = useTranslation();
  const lang = useLang();
  const kindLabel = useKindLabel();
  const documents = useDocuments(loanId, version);
  const uploadDocument = useUploadLoanDocument(loanId);
  // the same state window the server checks (workflow STATE_WINDOWS)
  const mayUploadSigned = useHolds('sys:contract:upload') && windowOpen('SIGNED_CONTRACT_UPLOAD', { value: state });
  const upload = async (kind: (typeof PANEL_UPLOADS)[number], file: File | null) => {
    if (!file) return;
    await uploadDocument.mutateAsync({ kind, file });
    showSuccessToast(t('loanNode.documents.uploaded'));
  };
  const uploads = PANEL_UPLOADS.filter(() => mayUploadSigned);
  if (documents.error instanceof ApiError && documents.error.status === 403) return null;
  const list = documents.data ?? [];
  // kinds in the order their first file came
  const groups = new Map<string, typeof list>();
  for (const doc of list) groups.set(doc.kind, [...(groups.get(doc.kind) ?? []), doc]);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="documents-panel">
      <Title order={5} mb="sm">
        {t('loanNode.documents.title')}
      </Title>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('loanNode.documents.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {[...groups].map(([kind, docs]) => (
            <Stack key={kind} gap={4} data-testid="document-group" data-kind={kind}>
              <Text size="xs" fw={600} c="dimmed">
                {kindLabel(kind)}
              </Text>
              {docs.map((doc) => (
                <Group key={doc.id} gap="xs" wrap="nowrap" data-testid="document-row" data-kind={doc.kind}>
                  <IconFileText size={16} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Anchor component="button" size="sm" ta="left" onClick={() => void downloadFile(documentFilePath(doc.id), doc.name)}>
                      {doc.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {[
                        doc.contractType ? pick(CONTRACT_TYPE_LABELS[doc.contractType], lang) : kindLabel(doc.kind),
                        doc.templateVersion ? t('loanNode.documents.version', { version: doc.templateVersion }) : null,
                        formatSize(doc.size),
                        formatTime(doc.createdAt),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Stack>
                </Group>
              ))}
            </Stack>
          ))}
        </Stack>
      )}
      {uploads.length > 0 && (
        <Group mt="sm">
          {uploads.map((kind) => (
            <FileButton key={kind} onChange={(file) => void upload(kind, file)} accept="application/pdf,.docx">
              {(props) => (
                <Button {...props} variant="light" size="xs" data-testid={`upload-${kind}`}>
                  {t('loanNode.documents.upload', { kind: t(`loanNode.documents.kinds.${kind}`) })}
                </Button>
              )}
            </FileButton>
          ))}
        </Group>
      )}
    </Card>
  );
}
