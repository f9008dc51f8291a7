import { IconLockAccess } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage';

export default function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      testId="forbidden"
      icon={<IconLockAccess size={36} />}
      title={t('common.forbidden.title')}
      description={t('common.forbidden.description')}
      back={t('common.forbidden.back')}
    />
  );
}
