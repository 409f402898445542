// What every router receives: built once in main.ts, passed down explicitly (no globals).
import type { Config } from './config';
import type { Logger } from './logger';
import type { TokenService } from './http/auth';
import type { Mailer } from './services/mail';
import type { FileStore } from './services/files';

export interface Deps {
  config: Config;
  log: Logger;
  tokens: TokenService;
  mailer: Mailer;
  files: FileStore;
  dbKind: 'embedded' | 'mongodb';
  version: string;
}
