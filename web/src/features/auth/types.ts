export interface CurrentUser {
  id: string | number;
  username: string;
  nickname?: string | null;
  avatar?: string | null;
  roles: string[];
  perms: string[];
  authorityList: string[];
}

export interface LoginPayload {
  /** The agreement tick; the server refuses false. */
  checkStatus: boolean;
  username: string;
  /** Base64 RSA (PKCS#1 v1.5) ciphertext, never the plain password. */
  password: string;
  captchaId?: string;
  captchaCode?: string;
}

export interface LoginFailureData {
  captchaRequired?: boolean;
}

export interface Captcha {
  captchaId: string;
  image: string;
}
