import { Alert, Button, Card, Code, FileInput, Group, List, Select, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { CONTRACT_TYPE_LABELS, CONTRACT_TYPES, type ContractType } from '@app/workflow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import { ApiError } from '@/api/http';
import { pick, useLang } from '@/i18n/use-lang';
import { useUploadTemplate } from './basic-data-queries';

/** What an upload refused: the message, and the unknown placeholders when that was why. */
interface UploadProblem {
  message: string;
  unknown: string[];
}

function problemOf(error: unknown, fallback: string): UploadProblem {
  if (!(error instanceof ApiError)) return { message: fallback, unknown: [] };
  const data = error.body?.data as { unknown?: unknown } | null | undefined;
  const unknown = Array.isArray(data?.unknown) ? data.unknown.filter((u): u is string => typeof u === 'string') : [];
  return { message: error.message, unknown };
}

/** Uploads a new version of one kind of contract template of the bank. */
export function TemplateUploadCard({ bankId }: { bankId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [contractType, setContractType] = useState<ContractType | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const [missing, setMissing] = useState(false);
  const upload = useUploadTemplate(bankId);
  const submit = async () => {
    setProblem(null);
    setMissing(!contractType || !file);
    if (!contractType || !file) return;
    try {
      const sent = file;
      const saved = await upload.mutateAsync({ contractType, file: sent });
      showSuccessToast(t('basicData.templates.uploaded', { version: saved.version, count: saved.placeholders.length }));
      // the list shows the new version before this answer ends: a file chosen meanwhile is the next one, kept
      setFile((current) => (current === sent ? null : current));
    } catch (e) {
      setProblem(problemOf(e, t('http.systemError')));
    }
  };
  return (
    <Card withBorder radius="md" padding="lg">
      <form
        noValidate
        data-testid="template-upload-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('basicData.templates.uploadHint')}
          </Text>
          {problem && <UploadProblemAlert problem={problem} />}
          <Group align="flex-end" gap="sm">
            <Select
              label={t('basicData.templates.contractType')}
              placeholder={t('basicData.templates.chooseType')}
              withAsterisk
              data={CONTRACT_TYPES.map((type) => ({ value: type, label: pick(CONTRACT_TYPE_LABELS[type], lang) }))}
              value={contractType}
              onChange={(value) => setContractType(value as ContractType | null)}
              allowDeselect={false}
              error={missing && !contractType ? t('basicData.templates.chooseType') : undefined}
              w={220}
              comboboxProps={{ withinPortal: false }}
              data-testid="template-type"
            />
            <FileInput
              label={t('basicData.templates.file')}
              placeholder={t('basicData.templates.chooseFile')}
              withAsterisk
              accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
              value={file}
              onChange={setFile}
              clearable
              error={missing && !file ? t('basicData.templates.chooseFile') : undefined}
              w={280}
              data-testid="template-file"
            />
            <Button type="submit" leftSection={<IconUpload size={16} />} loading={upload.isPending} data-testid="template-upload">
              {t('basicData.templates.upload')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Why an upload was refused, with the unknown placeholders listed when that was why. */
function UploadProblemAlert({ problem }: { problem: UploadProblem }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={problem.unknown.length ? t('basicData.templates.unknownTitle') : undefined} data-testid="template-upload-error">
      <Text size="sm">{problem.message}</Text>
      {problem.unknown.length > 0 && (
        <List size="sm" mt="xs">
          {problem.unknown.map((name) => (
            <List.Item key={name}>
              <Code>{`{${name}}`}</Code>
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
