import { Button, Divider, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { CompanyEnumField, CompanyField, CompanyIssue } from '@app/workflow';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '@/api/feedback';
import { FormErrorAlert, useAppForm, type FieldMessages } from '@/lib/app-form';
import { TypedNumberInput } from '@/lib/typed-number-input';
import type { CompanyRow } from './companies-api';
import { useSaveCompany } from './companies-queries';
import {
  COMPANY_LIMITS,
  companyFormErrors,
  companyFormOf,
  creditCodeHint,
  emptyCompanyForm,
  REQUIRED_COMPANY_FIELDS,
  toCompanyInput,
  type CompanyFormErrors,
  type CompanyFormValues,
} from './company-form';
import { enumData } from './enum-labels';
import { useLang } from '@/i18n/use-lang';
import { DayInput } from '@/lib/dates';

/** Add (company null) or edit one company; every field checked as the server checks it. */
export function CompanyFormModal({
  opened,
  company,
  onClose,
  onSaved,
}: {
  opened: boolean;
  company: CompanyRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={company ? t('companies.editTitle', { name: company.name }) : t('companies.addTitle')}
      closeOnClickOutside={false}
    >
      {opened && <CompanyForm key={company?.id ?? 'new'} company={company} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function CompanyForm({ company, onClose, onSaved }: { company: CompanyRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const save = useSaveCompany(company?.id ?? null);
  const label = (field: CompanyField) => t(`companies.fields.${field}`);
  const worded = (errors: CompanyFormErrors): FieldMessages<CompanyFormValues> =>
    Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, t(`companies.issues.${key}`, { field: label(field as CompanyField) })]));
  const { form, values, formError, submitting, onSubmit } = useAppForm<CompanyFormValues>({
    initialValues: company ? companyFormOf(company) : emptyCompanyForm(),
    validate: (next) => worded(companyFormErrors(next)),
    invalidMessage: t('companies.fixErrors'),
    submit: async (next) => {
      await save.mutateAsync(toCompanyInput(next));
      showSuccessToast(t('companies.saved'));
      onSaved();
    },
    // The server's own verdict per field (same rules), else its message.
    serverErrors: (error) => {
      const issues = (error.body?.data as { fieldErrors?: (CompanyIssue | { field: string })[] } | null)?.fieldErrors ?? [];
      const found: CompanyFormErrors = {};
      for (const issue of issues) if ('key' in issue) found[issue.field] ??= issue.key;
      return worded(found);
    },
    onRefused: (error) => {
      if (error.isSessionExpired) showErrorToast(error.message);
    },
  });

  const common = (field: Extract<CompanyField, keyof CompanyFormValues>) => ({
    ...form.getInputProps(field),
    label: label(field),
    withAsterisk: REQUIRED_COMPANY_FIELDS.includes(field),
    'data-field': field,
  });
  const select = (field: Extract<CompanyEnumField, keyof CompanyFormValues>) => (
    <Select {...common(field)} data={enumData(field, lang)} clearable searchable comboboxProps={{ withinPortal: false }} />
  );
  const multi = (field: Extract<CompanyEnumField, keyof CompanyFormValues>) => (
    <MultiSelect {...common(field)} data={enumData(field, lang)} clearable comboboxProps={{ withinPortal: false }} />
  );
  const hint = creditCodeHint(values.creditCode);

  return (
    <form noValidate data-testid="company-form" onSubmit={onSubmit}>
      <Stack gap="sm">
        <FormErrorAlert message={formError} />
        <Divider label={t('companies.sections.basic')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput {...common('name')} maxLength={COMPANY_LIMITS.nameMax} />
          <TextInput
            {...common('creditCode')}
            maxLength={24}
            description={
              hint && !form.errors.creditCode ? (
                <Text span size="xs" c={hint.valid ? 'teal' : hint.complete ? 'red' : 'dimmed'} data-testid="credit-code-hint">
                  {hint.valid ? t('companies.creditCodeHint.valid') : t('companies.creditCodeHint.expected', { char: hint.expected })}
                </Text>
              ) : undefined
            }
            styles={{ input: { fontFamily: 'monospace', textTransform: 'uppercase' } }}
          />
          <TextInput {...common('legalRepresentative')} />
          <TypedNumberInput {...common('registeredCapital')} thousandSeparator="," />
          <DayInput {...common('establishedDate')} />
          {select('districtCode')}
        </SimpleGrid>
        <TextInput {...common('registeredAddress')} />
        <Divider label={t('companies.sections.contact')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput {...common('contactPerson')} />
          <TextInput {...common('contactPhone')} inputMode="numeric" maxLength={11} />
        </SimpleGrid>
        <Divider label={t('companies.sections.profile')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {multi('enterpriseKinds')}
          {multi('qualifications')}
          {select('propertyType')}
          {select('bankCategory')}
          {select('listingType')}
          <TypedNumberInput {...common('employeeCount')} />
          {multi('strategicIndustries')}
          {multi('honours')}
        </SimpleGrid>
        <Textarea {...common('mainBusiness')} rows={2} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting} data-testid="company-submit">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
