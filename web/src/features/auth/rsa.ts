import { JSEncrypt } from 'jsencrypt';

/** RSA PKCS#1 v1.5 with the server's public key (jsencrypt's scheme); resolves base64 ciphertext. */
export function encryptPassword(publicKeyPem: string, plain: string): string {
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKeyPem);
  const cipher = rsa.encrypt(plain);
  if (!cipher) throw new Error('RSA encryption failed');
  return cipher;
}
