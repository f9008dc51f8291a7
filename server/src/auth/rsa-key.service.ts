import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { generateKeyPairSync, createPublicKey } from 'node:crypto';
import * as path from 'node:path';
import * as forge from 'node-forge';
import { readOrCreateKeyFile } from '../common/key-file';
import { APP_CONFIG, AppConfig } from '../config/config';

/**
 * The server's RSA key pair for password transport. The web encrypts with jsencrypt (PKCS#1 v1.5);
 * Node 20 refuses PKCS#1 v1.5 private decryption, so node-forge decrypts. Every failure looks the
 * same to the caller (no padding oracle through distinct messages).
 */
@Injectable()
export class RsaKeyService implements OnModuleInit {
  private readonly logger = new Logger(RsaKeyService.name);
  private privateKey: forge.pki.rsa.PrivateKey;
  publicKeyPem: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  onModuleInit() {
    const pem = this.config.rsaPrivateKey ?? this.loadOrCreate();
    this.privateKey = forge.pki.privateKeyFromPem(pem) as forge.pki.rsa.PrivateKey;
    this.publicKeyPem = createPublicKey(pem).export({ type: 'spki', format: 'pem' }).toString();
  }

  private loadOrCreate(): string {
    const file = path.join(this.config.dataDir, 'keys', 'rsa-private.pem');
    const { text, created } = readOrCreateKeyFile(
      file,
      () =>
        generateKeyPairSync('rsa', {
          modulusLength: 2048,
          privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
          publicKeyEncoding: { type: 'spki', format: 'pem' },
        }).privateKey,
    );
    if (created) this.logger.log(`generated a new RSA key pair in ${file}`);
    return text;
  }

  /** The plaintext, or null when the value is not a ciphertext made with our public key. */
  decrypt(base64: unknown): string | null {
    if (typeof base64 !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length > 1024) return null;
    try {
      const bytes = forge.util.decode64(base64);
      if (bytes.length !== this.privateKey.n.bitLength() / 8) return null;
      return forge.util.decodeUtf8(this.privateKey.decrypt(bytes, 'RSAES-PKCS1-V1_5'));
    } catch {
      return null;
    }
  }
}
