import { Alert, Button, Divider, Group, Modal, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { CompanyEnumField, CompanyField, CompanyIssue } from '@app/workflow';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '@/api/feedback';
import { ApiError } from '@/api/http';
import { saveCompany, type CompanyRow } from './companies-api';
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
  const [values, setValues] = useState<CompanyFormValues>(() => (company ? companyFormOf(company) : emptyCompanyForm()));
  const [errors, setErrors] = useState<CompanyFormErrors>({});
  const [touched, setTouched] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const save = useMutation({ mutationFn: () => saveCompany(company?.id ?? null, toCompanyInput(values)) });

  const set = <K extends keyof CompanyFormValues>(field: K, value: CompanyFormValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt, errors follow the typing.
    if (touched) setErrors(companyFormErrors(next));
  };
  const label = (field: CompanyField) => t(`companies.fields.${field}`);
  const errorOf = (field: CompanyField) => (errors[field] ? t(`companies.issues.${errors[field]}`, { field: label(field) }) : undefined);
  const common = (field: CompanyField) => ({
    label: label(field),
    error: errorOf(field),
    withAsterisk: REQUIRED_COMPANY_FIELDS.includes(field),
    'data-field': field,
  });
  const select = (field: Extract<CompanyEnumField, keyof CompanyFormValues>) => (
    <Select
      {...common(field)}
      data={enumData(field, lang)}
      value={(values[field] as string | null) ?? null}
      onChange={(value) => set(field, value as never)}
      clearable
      searchable
      comboboxProps={{ withinPortal: false }}
    />
  );
  const multi = (field: Extract<CompanyEnumField, keyof CompanyFormValues>) => (
    <MultiSelect
      {...common(field)}
      data={enumData(field, lang)}
      value={values[field] as string[]}
      onChange={(value) => set(field, value as never)}
      clearable
      comboboxProps={{ withinPortal: false }}
    />
  );
  const hint = creditCodeHint(values.creditCode);

  const submit = async () => {
    setTouched(true);
    const found = companyFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length) {
      setFormError(t('companies.fixErrors'));
      return;
    }
    setFormError(null);
    try {
      await save.mutateAsync();
      showSuccessToast(t('companies.saved'));
      onSaved();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // The server's own verdict per field (same rules), else its message.
      const issues = (error.body?.data as { fieldErrors?: (CompanyIssue | { field: string })[] } | null)?.fieldErrors ?? [];
      const next: CompanyFormErrors = {};
      for (const issue of issues) if ('key' in issue) next[issue.field] ??= issue.key;
      setErrors(next);
      setFormError(error.message);
      if (error.isSessionExpired) showErrorToast(error.message);
    }
  };

  return (
    <form
      noValidate
      data-testid="company-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        {formError && (
          <Alert color="red" variant="light" p="xs" data-testid="form-error">
            {formError}
          </Alert>
        )}
        <Divider label={t('companies.sections.basic')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput {...common('name')} value={values.name} maxLength={COMPANY_LIMITS.nameMax} onChange={(e) => set('name', e.currentTarget.value)} />
          <TextInput
            {...common('creditCode')}
            value={values.creditCode}
            maxLength={24}
            onChange={(e) => set('creditCode', e.currentTarget.value)}
            description={
              hint && !errors.creditCode ? (
                <Text span size="xs" c={hint.valid ? 'teal' : hint.complete ? 'red' : 'dimmed'} data-testid="credit-code-hint">
                  {hint.valid ? t('companies.creditCodeHint.valid') : t('companies.creditCodeHint.expected', { char: hint.expected })}
                </Text>
              ) : undefined
            }
            styles={{ input: { fontFamily: 'monospace', textTransform: 'uppercase' } }}
          />
          <TextInput
            {...common('legalRepresentative')}
            value={values.legalRepresentative}
            onChange={(e) => set('legalRepresentative', e.currentTarget.value)}
          />
          <NumberInput
            {...common('registeredCapital')}
            value={values.registeredCapital}
            onChange={(value) => set('registeredCapital', value)}
            thousandSeparator=","
            hideControls
            allowNegative={false}
          />
          <TextInput
            {...common('establishedDate')}
            type="date"
            value={values.establishedDate}
            onChange={(e) => set('establishedDate', e.currentTarget.value)}
          />
          {select('districtCode')}
        </SimpleGrid>
        <TextInput {...common('registeredAddress')} value={values.registeredAddress} onChange={(e) => set('registeredAddress', e.currentTarget.value)} />
        <Divider label={t('companies.sections.contact')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput {...common('contactPerson')} value={values.contactPerson} onChange={(e) => set('contactPerson', e.currentTarget.value)} />
          <TextInput
            {...common('contactPhone')}
            value={values.contactPhone}
            inputMode="numeric"
            maxLength={11}
            onChange={(e) => set('contactPhone', e.currentTarget.value)}
          />
        </SimpleGrid>
        <Divider label={t('companies.sections.profile')} labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {multi('enterpriseKinds')}
          {multi('qualifications')}
          {select('propertyType')}
          {select('bankCategory')}
          {select('listingType')}
          <NumberInput
            {...common('employeeCount')}
            value={values.employeeCount}
            onChange={(value) => set('employeeCount', value)}
            hideControls
            allowDecimal={false}
            allowNegative={false}
          />
          {multi('strategicIndustries')}
          {multi('honours')}
        </SimpleGrid>
        <Textarea {...common('mainBusiness')} rows={2} value={values.mainBusiness} onChange={(e) => set('mainBusiness', e.currentTarget.value)} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="company-submit">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
