import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { showSuccessToast } from '@/api/feedback';
import { useSession } from '@/features/auth/session';
import { FormErrorAlert, useAppForm } from '@/lib/app-form';
import { TypedNumberInput } from '@/lib/typed-number-input';
import type { CompanyRow } from './companies-api';
import { useOfficers } from '@/features/loans/loans-queries';
import { useInitiateLoan } from './companies-queries';
import { emptyLoanForm, loanFormErrors, TEXT_MAX, toLoanInput, type LoanFormErrors, type LoanFormValues } from './loan-form';

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
  const aPosts = useOfficers('A_POST');
  const bPosts = useOfficers('B_POST');
  const initiate = useInitiateLoan();
  const worded = (errors: LoanFormErrors) => Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, t(`companies.loan.issues.${key}`)]));
  const { form, formError, submitting, onSubmit } = useAppForm<LoanFormValues>({
    initialValues: emptyLoanForm(),
    validate: (values) => worded(loanFormErrors(values, me)),
    submit: async (values) => {
      const loan = await initiate.mutateAsync(toLoanInput(values, company.id));
      showSuccessToast(t('companies.loan.created'));
      onClose();
      void navigate(`/company/node/${loan.id}`);
    },
  });
  const people = (list: typeof aPosts.data) => (list ?? []).map((u) => ({ value: u.id, label: `${u.nickname || u.username}（${u.username}）` }));

  return (
    <form noValidate data-testid="loan-form" onSubmit={onSubmit}>
      <Stack gap="sm">
        <FormErrorAlert message={formError} />
        <SimpleGrid cols={2} spacing="sm">
          <TypedNumberInput label={t('companies.loan.amount')} withAsterisk data-field="amount" {...form.getInputProps('amount')} thousandSeparator="," />
          <TypedNumberInput label={t('companies.loan.termMonths')} withAsterisk data-field="termMonths" {...form.getInputProps('termMonths')} />
          <TextInput label={t('companies.loan.bank')} data-field="bank" {...form.getInputProps('bank')} maxLength={TEXT_MAX} />
          <TextInput label={t('companies.loan.loanType')} data-field="loanType" {...form.getInputProps('loanType')} maxLength={TEXT_MAX} />
          <Select
            label={t('companies.loan.aPostOfficer')}
            description={t('companies.loan.aPostHint')}
            data-field="aPostOfficerId"
            {...form.getInputProps('aPostOfficerId')}
            data={people(aPosts.data)}
            clearable
            searchable
            comboboxProps={{ withinPortal: false }}
          />
          <Select
            label={t('companies.loan.bPostOfficer')}
            data-field="bPostOfficerId"
            {...form.getInputProps('bPostOfficerId')}
            data={people(bPosts.data)}
            clearable
            searchable
            comboboxProps={{ withinPortal: false }}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting} data-testid="loan-submit">
            {t('companies.loan.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
