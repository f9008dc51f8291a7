import { Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { showSuccessToast } from '@/api/feedback';
import { ApiError } from '@/api/http';
import { useSession } from '@/features/auth/session';
import { createLoan, fetchOfficers } from '@/features/loans/loans-api';
import type { CompanyRow } from './companies-api';
import { emptyLoanForm, loanFormErrors, TEXT_MAX, toLoanInput, type LoanFormErrors, type LoanFormValues } from './loan-form';

export const officerKeys = { of: (role: 'A_POST' | 'B_POST') => ['officers', role] as const };

/** Initiates a loan for a company (POST /server/loans), then opens the loan's node page. */
export function InitiateLoanModal({ company, onClose }: { company: CompanyRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={company !== null}
      onClose={onClose}
      size="lg"
      title={company ? t('companies.loan.title', { name: company.name }) : ''}
      closeOnClickOutside={false}
    >
      {company && <LoanForm key={company.id} company={company} onClose={onClose} />}
    </Modal>
  );
}

function LoanForm({ company, onClose }: { company: CompanyRow; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = String(useSession().user?.id ?? '');
  const [values, setValues] = useState<LoanFormValues>(emptyLoanForm);
  const [errors, setErrors] = useState<LoanFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const aPosts = useQuery({ queryKey: officerKeys.of('A_POST'), queryFn: () => fetchOfficers('A_POST'), staleTime: 60_000 });
  const bPosts = useQuery({ queryKey: officerKeys.of('B_POST'), queryFn: () => fetchOfficers('B_POST'), staleTime: 60_000 });
  const create = useMutation({ mutationFn: () => createLoan(toLoanInput(values, company.id)) });

  const set = <K extends keyof LoanFormValues>(field: K, value: LoanFormValues[K]) => setValues((current) => ({ ...current, [field]: value }));
  const errorOf = (field: keyof LoanFormValues) => (errors[field] ? t(`companies.loan.issues.${errors[field]}`) : undefined);
  const people = (list: typeof aPosts.data) => (list ?? []).map((u) => ({ value: u.id, label: `${u.nickname || u.username}（${u.username}）` }));

  const submit = async () => {
    const found = loanFormErrors(values, me);
    setErrors(found);
    if (Object.keys(found).length) return;
    setFormError(null);
    try {
      const loan = await create.mutateAsync();
      showSuccessToast(t('companies.loan.created'));
      onClose();
      void navigate(`/company/node/${loan.id}`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setFormError(error.message);
    }
  };

  return (
    <form
      noValidate
      data-testid="loan-form"
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
        <SimpleGrid cols={2} spacing="sm">
          <NumberInput
            label={t('companies.loan.amount')}
            withAsterisk
            data-field="amount"
            value={values.amount}
            onChange={(value) => set('amount', value)}
            thousandSeparator=","
            decimalScale={2}
            hideControls
            allowNegative={false}
            error={errorOf('amount')}
          />
          <NumberInput
            label={t('companies.loan.termMonths')}
            withAsterisk
            data-field="termMonths"
            value={values.termMonths}
            onChange={(value) => set('termMonths', value)}
            allowDecimal={false}
            allowNegative={false}
            min={1}
            max={360}
            error={errorOf('termMonths')}
          />
          <TextInput
            label={t('companies.loan.bank')}
            data-field="bank"
            maxLength={TEXT_MAX}
            value={values.bank}
            onChange={(e) => set('bank', e.currentTarget.value)}
            error={errorOf('bank')}
          />
          <TextInput
            label={t('companies.loan.loanType')}
            data-field="loanType"
            maxLength={TEXT_MAX}
            value={values.loanType}
            onChange={(e) => set('loanType', e.currentTarget.value)}
            error={errorOf('loanType')}
          />
          <Select
            label={t('companies.loan.aPostOfficer')}
            description={t('companies.loan.aPostHint')}
            data-field="aPostOfficerId"
            data={people(aPosts.data)}
            value={values.aPostOfficerId}
            onChange={(value) => set('aPostOfficerId', value)}
            clearable
            searchable
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            label={t('companies.loan.bPostOfficer')}
            data-field="bPostOfficerId"
            data={people(bPosts.data)}
            value={values.bPostOfficerId}
            onChange={(value) => set('bPostOfficerId', value)}
            clearable
            searchable
            error={errorOf('bPostOfficerId')}
            comboboxProps={{ withinPortal: false }}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="loan-submit">
            {t('companies.loan.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
