import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { backendContract } from '../../../test/support/storage-backend-contract';
import { LocalFolderBackend } from './storage-backend';

backendContract('LocalFolderBackend', () => new LocalFolderBackend(fs.mkdtempSync(path.join(os.tmpdir(), 'gbo-files-'))));
