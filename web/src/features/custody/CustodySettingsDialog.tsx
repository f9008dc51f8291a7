import { Center, Loader, Modal, Stack, Text, TextInput, Group, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showSuccessToast } from '@/api/feedback';
import type { CustodySettingDto } from '@/api/schema.gen';
import { FormErrorAlert, useAppForm, type FieldMessages } from '@/lib/app-form';
import { formatTime } from '@/lib/format';
import { ITEM_KINDS, settingsFormErrors, toSettingsDto, toSettingsValues, type SettingsFormValues } from './custody-forms';
import { useCustodySettings, useSaveCustodySettings } from './custody-queries';

/**
 * The administrator's custody settings: the revaluation interval (months) of each collateral kind and
 * the loan-to-value threshold above which the officers and the leader are told. The server checks
 * the same bounds (and answers 403 to anyone else).
 */
export function CustodySettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useCustodySettings(true);
  return (
    <Modal opened onClose={onClose} title={t('custody.settings.title')} centered>
      {settings.data ? (
        <SettingsForm settings={settings.data} onClose={onClose} />
      ) : (
        <Center py="lg">
          <Loader size="sm" />
        </Center>
      )}
    </Modal>
  );
}

function SettingsForm({ settings, onClose }: { settings: CustodySettingDto; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveCustodySettings();
  const { form, formError, submitting, onSubmit } = useAppForm<SettingsFormValues>({
    initialValues: toSettingsValues(settings),
    validate: (values) =>
      Object.fromEntries(
        Object.entries(settingsFormErrors(values)).map(([field, key]) => [field, t(`custody.errors.${key}`)]),
      ) as FieldMessages<SettingsFormValues>,
    invalidMessage: t('custody.errors.invalid'),
    submit: async (values) => {
      await save.mutateAsync(toSettingsDto(values));
      showSuccessToast(t('custody.settings.saved'));
      onClose();
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="custody-settings-form">
      <Stack gap="sm">
        <FormErrorAlert message={formError} />
        <Text size="sm" fw={500}>
          {t('custody.settings.intervals')}
        </Text>
        {ITEM_KINDS.map((kind) => (
          <TextInput
            key={kind}
            label={t(`custody.itemKinds.${kind}`)}
            rightSection={<Text size="xs">{t('custody.settings.months')}</Text>}
            rightSectionWidth={48}
            inputMode="numeric"
            withAsterisk
            {...form.getInputProps(kind)}
            data-testid={`custody-settings-${kind}`}
          />
        ))}
        <TextInput
          label={t('custody.settings.ltv')}
          description={t('custody.settings.ltvHint')}
          rightSection={<Text size="xs">%</Text>}
          inputMode="decimal"
          withAsterisk
          {...form.getInputProps('ltvPercent')}
          data-testid="custody-settings-ltv"
        />
        {settings.changedByName && (
          <Text size="xs" c="dimmed">
            {t('custody.settings.changed', { name: settings.changedByName, at: formatTime(settings.changedAt) })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting} data-testid="custody-settings-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
