import { Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconFileUpload } from '@tabler/icons-react';
import { EVIDENCE_LABELS, type EvidenceKind } from '@app/workflow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/http';
import { pick, useLang } from '@/i18n/use-lang';
import { uploadEvidence, type ActionDocument } from '../loan-node-api';

/**
 * The file a step stands on (workflow EVENT_EVIDENCE), chosen and uploaded inside the step's own dialog:
 * the server's legal action says where it goes and whether this round's copy is there (`present`, as
 * the dialog last read it); the dialog's confirm waits for it (`onUploaded`).
 */
export function EvidenceUpload({ document, present, onUploaded }: { document: ActionDocument; present: boolean; onUploaded: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = EVIDENCE_LABELS[document.kind as EvidenceKind];
  const name = label ? pick(label, lang) : document.kind;

  const upload = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      await uploadEvidence(document.upload, file);
      setUploaded(file.name);
      onUploaded();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert
      variant="light"
      color={present ? 'green' : 'yellow'}
      icon={present ? <IconCircleCheck size={18} /> : <IconFileUpload size={18} />}
      data-testid="evidence-upload"
      data-kind={document.kind}
      data-present={present}
    >
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('loanNode.evidence.needs', { document: name })}
        </Text>
        <Text size="sm" data-testid="evidence-status">
          {present ? t('loanNode.evidence.present', { document: name }) : t('loanNode.evidence.missing')}
        </Text>
        {uploaded && (
          <Text size="xs" c="dimmed">
            {t('loanNode.evidence.uploaded', { name: uploaded })}
          </Text>
        )}
        {error && (
          <Text size="xs" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group>
          <FileButton onChange={(file) => void upload(file)} accept="application/pdf,image/png,image/jpeg,.doc,.docx">
            {(props) => (
              <Button {...props} size="xs" variant={present ? 'default' : 'filled'} loading={busy} data-testid="evidence-choose">
                {present ? t('loanNode.evidence.replace') : t('loanNode.evidence.choose', { document: name })}
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
    </Alert>
  );
}
