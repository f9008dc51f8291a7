import {
  IconBuildingBank,
  IconChartBar,
  IconDatabase,
  IconFolders,
  IconHistory,
  IconHome,
  IconServer,
  IconShieldCheck,
  IconShieldHalfFilled,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import type { GroupKey } from '@/navigation/types';

/** One icon per menu group; hidden groups need none. */
export const GROUP_ICONS: Partial<Record<GroupKey, Icon>> = {
  home: IconHome,
  company: IconBuildingBank,
  process: IconUsersGroup,
  meeting: IconFolders,
  protectMiddle: IconShieldCheck,
  protectAfter: IconShieldHalfFilled,
  statistics: IconChartBar,
  basicData: IconDatabase,
  user: IconUsers,
  history: IconHistory,
  system: IconServer,
};
