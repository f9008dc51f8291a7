import { Anchor, Badge, Drawer, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { CompanyField } from '@app/workflow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCompany } from './companies-queries';
import { enumWords } from './enum-labels';
import { useLang } from '@/i18n/use-lang';
import { formatDate } from '@/lib/format';

/** One company in full, with its loans (each linking to its node page). */
export function CompanyDetailDrawer({ companyId, onClose }: { companyId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const detail = useCompany(companyId);
  const c = detail.data;
  const item = (field: CompanyField, value: ReactNode) => (
    <div key={field}>
      <Text size="xs" c="dimmed">
        {t(`companies.fields.${field}`)}
      </Text>
      <Text size="sm" data-field={field}>
        {value === null || value === undefined || value === '' ? t('companies.none') : value}
      </Text>
    </div>
  );
  return (
    <Drawer opened={companyId !== null} onClose={onClose} position="right" size="xl" title={t('companies.detailTitle')}>
      {!c ? (
        <Loader size="sm" />
      ) : (
        <Stack data-testid="company-detail">
          <SimpleGrid cols={2} spacing="sm">
            {item('name', c.name)}
            {item('creditCode', c.creditCode)}
            {item('legalRepresentative', c.legalRepresentative)}
            {item('registeredCapital', c.registeredCapital?.toLocaleString())}
            {item('establishedDate', c.establishedDate)}
            {item('districtCode', enumWords('districtCode', c.districtCode, lang))}
            {item('registeredAddress', c.registeredAddress)}
            {item('contactPerson', c.contactPerson)}
            {item('contactPhone', c.contactPhone)}
            {item('employeeCount', c.employeeCount)}
            {item('enterpriseKinds', enumWords('enterpriseKinds', c.enterpriseKinds, lang))}
            {item('qualifications', enumWords('qualifications', c.qualifications, lang))}
            {item('propertyType', enumWords('propertyType', c.propertyType, lang))}
            {item('bankCategory', enumWords('bankCategory', c.bankCategory, lang))}
            {item('listingType', enumWords('listingType', c.listingType, lang))}
            {item('strategicIndustries', enumWords('strategicIndustries', c.strategicIndustries, lang))}
            {item('honours', enumWords('honours', c.honours, lang))}
            {item('mainBusiness', c.mainBusiness)}
          </SimpleGrid>
          <Title order={5}>{t('companies.loansTitle')}</Title>
          {c.loans.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('companies.noLoans')}
            </Text>
          ) : (
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('companies.loanColumns.amount')}</Table.Th>
                  <Table.Th>{t('companies.loanColumns.term')}</Table.Th>
                  <Table.Th>{t('companies.loanColumns.bank')}</Table.Th>
                  <Table.Th>{t('companies.loanColumns.stage')}</Table.Th>
                  <Table.Th>{t('companies.loanColumns.createdAt')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.loans.map((loan) => (
                  <Table.Tr key={loan.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/company/node/${loan.id}`} size="sm">
                        {loan.amount.toLocaleString()}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{loan.termMonths}</Table.Td>
                    <Table.Td>{loan.bank ?? ''}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <Text size="sm">{loan.statusLabels.stage[lang]}</Text>
                        <Badge size="xs" variant="light">
                          {loan.statusLabels.status[lang]}
                        </Badge>
                      </Group>
                    </Table.Td>
                    <Table.Td>{formatDate(loan.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
