import { IconMapSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      testId="not-found"
      icon={<IconMapSearch size={36} />}
      title={t('common.notFound.title')}
      description={t('common.notFound.description')}
      back={t('common.notFound.back')}
    />
  );
}
