import type zh from '../zh-CN/archives';
import type { Translation } from '../types';

const archives: Translation<typeof zh> = {
  searchCompany: 'Search by company',
  allStages: 'All stages',
  hasAttachments: 'Attachments',
  all: 'All',
  withFiles: 'With attachments',
  withoutFiles: 'Without attachments',
  columns: {
    company: 'Company',
    amount: 'Amount (yuan)',
    term: 'Term',
    bank: 'Bank',
    stage: 'Stage',
    count: 'Attachments',
    lastUpload: 'Last upload',
  },
  detail: 'Attachments',
  back: 'Back to the archives',
  notFound: 'The loan does not exist',
  archiveAll: 'One-click archive',
  zipSuffix: 'archive',
  exportName: 'archives',
  upload: 'Upload attachment',
  uploaded: 'Attachment uploaded',
  kind: 'Attachment kind',
  file: 'File',
  fileHint: 'PDF, Word, Excel, JPG or PNG, at most 20 MB each',
  download: 'Download',
  delete: 'Delete',
  confirmDelete: 'Delete "{{name}}"? It leaves the list; the file is kept for audit.',
  deleted: 'Deleted',
  fromMeeting: 'From meeting: {{title}}',
  errors: {
    kind: 'Choose the attachment kind',
    required: 'Choose a file',
    empty: 'The file is empty',
    tooLarge: 'The file must not be larger than 20 MB',
    wrongType: 'File type not supported; allowed: {{types}}',
  },
};
export default archives;
