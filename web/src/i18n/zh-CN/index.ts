import agreements from './agreements';
import archives from './archives';
import auth from './auth';
import basicData from './basic-data';
import common from './common';
import companies from './companies';
import conferees from './conferees';
import dashboard from './dashboard';
import history from './history';
import http from './http';
import loanData from './loan-data';
import loanNode from './loan-node';
import loans from './loans';
import meetings from './meetings';
import permissions from './permissions';
import premiumCollateral from './premium-collateral';
import afterGuarantee from './after-guarantee';
import badLoans from './bad-loans';
import custody from './custody';
import operations from './operations';
import ledgerAttachments from './ledger-attachments';
import profile from './profile';
import queues from './queues';
import regulatoryExports from './regulatory-exports';
import regulatory from './regulatory';
import roles from './roles';
import routes from './routes';
import shell from './shell';
import statistics from './statistics';
import tags from './tags';
import users from './users';

/** The Chinese dictionary is the source of truth: the English one is typed against it. */
const zhCN = {
  common,
  http,
  auth,
  shell,
  tags,
  profile,
  dashboard,
  agreements,
  users,
  roles,
  history,
  loanNode,
  loanData,
  companies,
  loans,
  meetings,
  conferees,
  archives,
  basicData,
  premiumCollateral,
  afterGuarantee,
  badLoans,
  custody,
  operations,
  ledgerAttachments,
  permissions,
  queues,
  regulatoryExports,
  regulatory,
  routes,
  statistics,
};
export default zhCN;
