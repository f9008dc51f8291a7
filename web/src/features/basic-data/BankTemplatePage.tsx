import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Can } from '@/features/permissions/Can';
import { useBank } from './basic-data-queries';
import { TemplateTable } from './TemplateTable';
import { TemplateUploadCard } from './TemplateUploadCard';
import { TemplateVocabularyCard } from './TemplateVocabularyCard';

/** /basicData/bankContractList?bankId=…: one bank's Word contract templates, every version. */
export default function BankTemplatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const bankId = params.get('bankId') ?? '';
  const bank = useBank(bankId);

  if (!bankId) {
    return (
      <Stack p="md">
        <Alert color="yellow" variant="light">
          {t('basicData.templates.noBank')}{' '}
          <Anchor component={Link} to="/basicData/bankList">
            {t('basicData.templates.back')}
          </Anchor>
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack p="md" data-testid="bank-templates-page">
      <Group justify="space-between">
        <Title order={4}>{t('basicData.templates.title', { bank: bank.data?.name ?? '' })}</Title>
        <Button component={Link} to="/basicData/bankList" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
          {t('basicData.templates.back')}
        </Button>
      </Group>
      <Can perms={['sys:template:add']}>
        <TemplateUploadCard bankId={bankId} />
      </Can>
      <TemplateTable bankId={bankId} />
      <TemplateVocabularyCard />
    </Stack>
  );
}
